import { marketingCampaignFiles, marketingCampaigns, marketingFiles } from "~/db/schema";
import { idList } from "~/lib/fields";
import { formatNumber } from "~/lib/format";
import {
  relationNames,
  type JoinTable,
  type Relation,
  type ResourceField,
  type ResourceRowAction,
} from "~/modules/admin/resource";
import { MARKETING_FILE_MAX_LABEL } from "./marketing-files";
import { checkAttachments } from "./marketing-files.server";
import { requireMarketingAdmin, scheduleCampaign, unscheduleCampaign } from "./marketing.server";
import { formatDateTimeEastern } from "~/lib/format-dates";

/**
 * The campaign screen's attachments and scheduling (decision 0091), kept out of `marketing-campaigns.resource.ts` so
 * that declaration changes by a line or two per part.
 */

const FILES: Relation = { table: marketingFiles, value: marketingFiles.id, label: marketingFiles.title };
const THROUGH: JoinTable = {
  table: marketingCampaignFiles,
  from: marketingCampaignFiles.campaignId,
  to: marketingCampaignFiles.fileId,
};

export const attachmentsSchema = { attachments: idList("Choose the attachments from the marketing files.", 20) };

export const attachmentsField: ResourceField = {
  name: "attachments",
  label: "Attachments",
  kind: "relations",
  relation: FILES,
  through: THROUGH,
  help: `Files from Marketing files sent with every mail of the campaign, at most ${MARKETING_FILE_MAX_LABEL} together.`,
};

/** The list's and the page's column of the attached files' titles. */
export const attachmentsColumn = relationNames(marketingCampaigns.id, FILES, THROUGH);

/** Refuses attachments over 10 MB together (or not in the library) before the save writes anything. */
export async function prepareAttachments(tx: Parameters<typeof checkAttachments>[0], values: Record<string, unknown>) {
  if (Array.isArray(values.attachments)) await checkAttachments(tx, values.attachments.map(Number));
}

function plural(n: number) {
  return `${formatNumber(n)} ${n === 1 ? "address" : "addresses"}`;
}

export const scheduleActions: ResourceRowAction[] = [
  {
    intent: "schedule",
    label: "Schedule",
    accessibleLabel: (row) => `Schedule ${String(row.name)}`,
    when: (row) => row.status === "draft",
    fields: [{ name: "sendAt", label: "Send at (Eastern time)", kind: "datetime", required: true }],
    service: async ({ services, actor, id, input }) => {
      requireMarketingAdmin(actor);
      const at = await scheduleCampaign(
        { db: services.db, jobs: services.jobs },
        { actor, campaignId: Number(id), at: (input.sendAt as Date | null) ?? null },
      );
      return `Campaign scheduled for ${formatDateTimeEastern(at)} (Eastern time).`;
    },
  },
  {
    intent: "unschedule",
    label: "Cancel the schedule",
    accessibleLabel: (row) => `Cancel the schedule of ${String(row.name)}`,
    when: (row) => row.status === "scheduled",
    confirm: (row) =>
      `Cancel the schedule of “${String(row.name)}” (to ${plural(Number(row.recipients ?? 0))})? It becomes a draft again and is not sent.`,
    service: async ({ services, actor, id }) => {
      await unscheduleCampaign(services.db, { actor, campaignId: Number(id) });
      return "Schedule cancelled: the campaign is a draft again.";
    },
  },
];
