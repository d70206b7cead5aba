import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  MARKETING_SEGMENTS,
  type MarketingSegment,
  marketingCampaigns,
  marketingTemplates,
  resorts,
} from "~/db/schema";
import { AppError } from "~/lib/errors";
import { id, optionalId, text } from "~/lib/fields";
import { formatNumber } from "~/lib/format";
import { defineResource, type Relation } from "~/modules/admin/resource";
import { resourcePaths } from "~/modules/admin/resource-paths";
import {
  cancelCampaign,
  getSegmentCount,
  previewSection,
  requireMarketingAdmin,
  SEGMENT_LABELS,
  startCampaign,
} from "./marketing.server";
import { selectTemplate } from "./marketing.queries.server";
import {
  attachmentsColumn,
  attachmentsField,
  attachmentsSchema,
  prepareAttachments,
  scheduleActions,
} from "./marketing-campaign-parts.resource";

const TEMPLATES: Relation = { table: marketingTemplates, value: marketingTemplates.id, label: marketingTemplates.name };
const RESORTS: Relation = { table: resorts, value: resorts.id, label: resorts.name };
/** Decision 0092: the segment that needs a resort. */
const FAVOURITED: MarketingSegment = "favourited-resort";
const RESORT_MISSING =
  "Choose the resort: the campaign goes to the people with one of its listings in their favorites.";
const SEGMENT_OPTIONS = MARKETING_SEGMENTS.map((s) => ({ value: s, label: SEGMENT_LABELS[s] }));
const STATUS_OPTIONS = [
  { value: "draft", label: "Draft" },
  { value: "scheduled", label: "Scheduled" },
  { value: "sending", label: "Sending" },
  { value: "sent", label: "Sent" },
  { value: "cancelled", label: "Cancelled" },
];

export const MarketingCampaignSchema = z.object({
  name: text({ label: "Name", max: 120, required: "Enter the campaign's name." }),
  template_id: id("Choose the template to send."),
  segment: z.enum(MARKETING_SEGMENTS, { error: "Choose who gets it." }),
  resort_id: optionalId("Choose a resort from the list."), // decision 0092: required by "favourited-resort" (prepare)
  ...attachmentsSchema,
});

const segmentLabel = sql<string>`case ${marketingCampaigns.segment} ${sql.join(
  MARKETING_SEGMENTS.map((s) =>
    s === FAVOURITED
      ? sql`when ${s} then (select 'People with a favorite at ' || r.name from resorts r where r.id = ${marketingCampaigns.resortId})`
      : sql`when ${s} then ${SEGMENT_LABELS[s]}`,
  ),
  sql` `,
)} end`;
const statusLabel = sql<string>`initcap(${marketingCampaigns.status})`;
const written = sql<number>`(select count(*)::int from marketing_recipients r where r.campaign_id = ${marketingCampaigns.id} and r.status <> 'skipped')`;

function plural(n: number) {
  return `${formatNumber(n)} ${n === 1 ? "address" : "addresses"}`;
}

/**
 * /admin/marketing/emails (issue 33, decision 0087): campaigns. A draft names a template and a segment; its page
 * shows the addresses it would reach now (unsubscribed, deleted and suspended people left out) and the preview;
 * "Send now" (confirmed with that count) writes the recipients and sends in batches under the Tweaks' marketing limits.
 */
export default defineResource({
  noun: "campaign",
  title: "Marketing emails",
  description:
    "Campaigns: a template sent to a group of people. A draft can be changed; its page shows how many addresses it reaches now and a preview. Send now writes the list of recipients once and sends in batches (Tweaks, marketing). Nobody who unsubscribed gets it.",
  caption: "Marketing campaigns",
  searchLabel: "Search by name",
  emptyText: "No campaign yet.",
  table: marketingCampaigns,
  id: marketingCampaigns.id,
  operations: ["create", "update"],
  schema: MarketingCampaignSchema,
  joins: [{ table: marketingTemplates, on: () => eq(marketingTemplates.id, marketingCampaigns.templateId) }],
  columns: [
    { key: "name", label: "Name", value: marketingCampaigns.name, primary: true, sortable: true, searchable: true },
    { key: "template", label: "Template", value: marketingTemplates.name, sortable: true, wrap: true },
    {
      key: "segmentLabel",
      label: "Sent to",
      value: segmentLabel,
      filter: { kind: "select", options: SEGMENT_OPTIONS, match: marketingCampaigns.segment },
    },
    { key: "segment", label: "Segment", value: marketingCampaigns.segment, hidden: true },
    { key: "resortId", label: "Resort", value: marketingCampaigns.resortId, hidden: true },
    { key: "status", label: "State", value: marketingCampaigns.status, hidden: true },
    {
      key: "statusLabel",
      label: "State",
      value: statusLabel,
      sortable: true,
      priority: 1,
      filter: { kind: "select", options: STATUS_OPTIONS, tabs: true, match: marketingCampaigns.status },
    },
    { key: "recipients", label: "Recipients", value: written, format: "number", priority: 1 },
    { key: "createdAt", label: "Created", value: marketingCampaigns.createdAt, format: "datetime", sortable: true },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", help: "For you: which campaign this is (not shown to recipients)." },
    {
      name: "template_id",
      label: "Template",
      kind: "relation",
      column: marketingCampaigns.templateId,
      relation: TEMPLATES,
    },
    {
      name: "segment",
      label: "Send to",
      kind: "select",
      options: SEGMENT_OPTIONS,
      help: "Only people who did not unsubscribe; deleted and suspended accounts are left out.",
    },
    {
      name: "resort_id",
      label: "Resort",
      kind: "relation",
      column: marketingCampaigns.resortId,
      relation: RESORTS,
      help: "For “People with a favorite at a resort” only: signed-in people with a listing of this resort in their favorites. Other groups ignore it.",
    },
    attachmentsField,
  ],
  defaultSort: { key: "createdAt", dir: "desc" },
  titleOf: (row) => String(row.name),
  prepare: async (cols, { existing, actor, tx, values }) => {
    if (existing && existing.status !== "draft")
      throw new AppError(
        "CONFLICT",
        existing.status === "scheduled"
          ? "A scheduled campaign cannot be changed: cancel its schedule first."
          : "Only a draft can be changed; this campaign was sent or cancelled.",
      );
    // Decision 0092: a save that sets the segment sets the resort: required by "People with a favorite at a resort",
    // cleared for any other segment.
    if ("segment" in cols) {
      const resortId = cols.segment === FAVOURITED ? (cols.resortId ?? null) : null;
      if (cols.segment === FAVOURITED && resortId === null)
        throw new AppError("BAD_INPUT", RESORT_MISSING, { resort_id: [RESORT_MISSING] });
      cols = { ...cols, resortId };
    }
    await prepareAttachments(tx, values);
    return existing ? cols : { ...cols, createdBy: actor?.id ?? null };
  },
  // A draft's recipients are counted now from its segment; a sent campaign's are the ones written when it started.
  computed: async (rows, { db }) => {
    const counts = new Map<string, number>();
    for (const r of rows) {
      if (r.status !== "draft" && r.status !== "scheduled") continue;
      const segment = String(r.segment) as MarketingSegment;
      const resortId = r.resortId == null ? null : Number(r.resortId);
      const key = `${segment}:${resortId ?? ""}`;
      if (!counts.has(key)) counts.set(key, await getSegmentCount(db, segment, resortId));
      r.recipients = counts.get(key);
    }
  },
  rowActions: [
    {
      intent: "send",
      label: "Send now",
      accessibleLabel: (row) => `Send now: ${String(row.name)}`,
      when: (row) => row.status === "draft",
      confirm: (row) => `Send “${String(row.name)}” to ${plural(Number(row.recipients ?? 0))} now?`,
      service: async ({ services, actor, id: campaignId }) => {
        const n = await startCampaign(
          {
            db: services.db,
            mailer: services.mailer,
            siteUrl: services.config.authUrl,
            secret: services.config.authSecret,
            from: services.config.mailFrom,
            jobs: services.jobs,
          },
          { actor, campaignId: Number(campaignId) },
        );
        return `Campaign sending to ${plural(n)}, in batches.`;
      },
    },
    {
      intent: "cancel",
      label: "Cancel",
      accessibleLabel: (row) => `Cancel ${String(row.name)}`,
      when: (row) => row.status === "draft" || row.status === "scheduled" || row.status === "sending",
      confirm: (row) => `Cancel “${String(row.name)}”? Mails already sent stay sent; no further batch goes out.`,
      service: async ({ services, actor, id: campaignId }) => {
        await cancelCampaign(services.db, { actor, campaignId: Number(campaignId) });
        return "Campaign cancelled.";
      },
    },
    ...scheduleActions,
  ],
  detail: {
    columns: [
      { key: "template", label: "Template", value: marketingTemplates.name },
      { key: "segmentLabel", label: "Sent to", value: segmentLabel },
      { key: "statusLabel", label: "State", value: statusLabel },
      { key: "recipients", label: "Recipients", value: written, format: "number" },
      { key: "scheduledAt", label: "Scheduled for", value: marketingCampaigns.scheduledAt, format: "datetime" },
      { key: "attachments", label: "Attachments", value: attachmentsColumn },
      { key: "segment", label: "Segment", value: marketingCampaigns.segment, hidden: true },
      { key: "resortId", label: "Resort", value: marketingCampaigns.resortId, hidden: true },
      { key: "status", label: "State", value: marketingCampaigns.status, hidden: true },
      { key: "campaignId", label: "Campaign", value: marketingCampaigns.id, hidden: true },
      { key: "templateId", label: "Template", value: marketingCampaigns.templateId, hidden: true },
      { key: "startedAt", label: "Started", value: marketingCampaigns.startedAt, format: "datetime" },
      { key: "finishedAt", label: "Finished", value: marketingCampaigns.finishedAt, format: "datetime" },
    ],
    links: (row) =>
      row.status === "draft"
        ? [{ label: "Edit the draft", href: resourcePaths("marketing/emails").edit(String(row.campaignId)) }]
        : [],
    sections: async ({ services, actor, id: campaignId, row }) => {
      requireMarketingAdmin(actor);
      const template = await selectTemplate(services.db, Number(row.templateId));
      if (!template) return [];
      return [await previewSection(services, template, Number(campaignId))];
    },
  },
});
