import { formatRatio } from "~/lib/format";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { headerBanners } from "~/db/schema";
import { AA_NORMAL_TEXT, contrastRatio, HEX_COLOUR } from "~/lib/contrast";
import { AppError } from "~/lib/errors";
import { int, optionalText, text } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { isMenuHref } from "./menus";

export const BANNER_STATUSES = [
  { value: "draft", label: "Draft (not shown)" },
  { value: "scheduled", label: "Scheduled (shown from its start)" },
  { value: "live", label: "Live (set by the schedule)" },
  { value: "ended", label: "Ended (set by the schedule)" },
];

const colour = (label: string) =>
  z
    .string({ error: `Enter the ${label} as a hex colour, like #0c4a6e.` })
    .trim()
    .regex(HEX_COLOUR, `Enter the ${label} as a hex colour, like #0c4a6e.`)
    .transform((v) => v.toLowerCase());

export const HeaderBannerSchema = z.object({
  title: text({ label: "The title", max: 120, required: "Enter the title (the heading of the details)." }),
  text: text({ label: "The banner text", max: 300, required: "Enter the banner's text." }),
  callToActionText: text({ label: "The call to action", max: 40, required: "Enter the call to action's words." }),
  callToActionLink: optionalText({ label: "The link", max: 300, empty: null }).refine(
    (v) => v === null || isMenuHref(v),
    "The link must be a path on this site (like /listings) or an https:// address.",
  ),
  detailText: optionalText({ label: "The detail text", max: 2000, multiline: true, empty: null }),
  showOnAllPages: z.boolean(),
  backgroundColor: colour("background colour"),
  textColor: colour("text colour"),
  fontSize: int({ min: 12, max: 32, message: "Enter the font size in pixels, a whole number from 12 to 32." }),
  lineHeight: int({ min: 100, max: 250, message: "Enter the line height as a percentage from 100 to 250." }),
  status: z.enum(["draft", "scheduled", "live", "ended"], { error: "Choose the banner's status." }),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
});

function refuse(field: string, message: string): never {
  throw new AppError("BAD_INPUT", message, { [field]: [message] });
}

/**
 * /admin/banners (SPEC section 2 "header banner", section 3 "Header banner"): the banner above the header of every
 * public page. It is shown while live; the engine's schedule (decision 0068) makes a scheduled banner live at its
 * start and ended at its end. Without a link, the call to action opens the title and the detail text.
 */
export default defineResource({
  noun: "banner",
  title: "Header banners",
  description:
    "The banner shown above the header of every public page while it is live. Choose “Scheduled” and a start (and an end) in Eastern time: the banner goes live at its start and ends at its end, within a few seconds.",
  caption: "Header banners, newest first",
  searchLabel: "Search banners",
  emptyText: "No header banners yet.",
  table: headerBanners,
  id: headerBanners.id,
  operations: ["create", "update", "delete", "export"],
  schema: HeaderBannerSchema,
  columns: [
    {
      key: "title",
      label: "Title",
      value: headerBanners.title,
      primary: true,
      searchable: true,
      wrap: true,
      priority: 1,
    },
    {
      key: "status",
      label: "Status",
      // The status as the form names it ("Live"), filtered on the stored value.
      value: sql<string>`case ${headerBanners.status} ${sql.join(
        BANNER_STATUSES.map((s) => sql`when ${s.value} then ${s.label.split(" (")[0]}`),
        sql` `,
      )} else ${headerBanners.status} end`,
      sortable: true,
      priority: 1,
      filter: {
        kind: "select",
        tabs: true,
        options: BANNER_STATUSES.map((s) => ({ ...s, label: s.label.split(" (")[0] })),
        match: headerBanners.status,
      },
    },
    {
      key: "startsAt",
      label: "Starts (Eastern)",
      value: headerBanners.startsAt,
      format: "datetime",
      sortable: true,
      priority: 2,
    },
    {
      key: "endsAt",
      label: "Ends (Eastern)",
      value: headerBanners.endsAt,
      format: "datetime",
      sortable: true,
      priority: 3,
    },
    { key: "text", label: "Text", value: headerBanners.text, searchable: true, wrap: true, priority: 3 },
  ],
  fields: [
    { name: "title", label: "Title", kind: "text", help: "The heading of the details the call to action opens." },
    { name: "text", label: "Banner text", kind: "text", help: "One line, shown in the banner." },
    {
      name: "callToActionText",
      label: "Call to action",
      kind: "text",
      help: "The words of its link or button, like “Learn more”.",
    },
    {
      name: "callToActionLink",
      label: "Call to action link",
      kind: "text",
      help: "A path on this site (/listings) or an https:// address. Leave empty to open the title and detail text instead.",
    },
    { name: "detailText", label: "Detail text", kind: "textarea", help: "Shown with the title when there is no link." },
    {
      name: "showOnAllPages",
      label: "Show on every public page",
      kind: "checkbox",
      default: true,
      help: "Untick to show it only on the pages flagged “Show the header banner” (a page's own setting). A banner for every page and one for flagged pages may be live together: a flagged page shows the one that started last.",
    },
    {
      name: "backgroundColor",
      label: "Background colour",
      kind: "text",
      default: "#0c4a6e",
      help: "Hex, like #0c4a6e.",
    },
    {
      name: "textColor",
      label: "Text colour",
      kind: "text",
      default: "#ffffff",
      help: `Hex, like #ffffff. It must contrast with the background at least ${AA_NORMAL_TEXT} to 1 (WCAG AA).`,
    },
    { name: "fontSize", label: "Font size (px)", kind: "number", default: "16" },
    {
      name: "lineHeight",
      label: "Line height (%)",
      kind: "number",
      default: "150",
      help: "150 is one and a half lines.",
    },
    {
      name: "status",
      label: "Status",
      kind: "select",
      options: BANNER_STATUSES,
      default: "draft",
      help: "Live and Ended are set by the schedule. Choose Scheduled to show the banner from its start.",
    },
    { name: "startsAt", label: "Starts", kind: "datetime", help: "When it goes live. A time already past: at once." },
    {
      name: "endsAt",
      label: "Ends",
      kind: "datetime",
      after: "startsAt",
      help: "When it stops showing (empty: it stays).",
    },
  ],
  defaultSort: { key: "startsAt", dir: "desc" },
  titleOf: (row) => String(row.title),
  schedule: [
    { at: headerBanners.startsAt, state: headerBanners.status, from: ["scheduled"], to: "live", done: "went live" },
    { at: headerBanners.endsAt, state: headerBanners.status, from: ["scheduled", "live"], to: "ended", done: "ended" },
  ],
  prepare: (cols, { existing }) => {
    const all = { ...(existing ?? {}), ...cols };
    const ratio = contrastRatio(String(all.textColor), String(all.backgroundColor));
    if (ratio < AA_NORMAL_TEXT) {
      refuse(
        "textColor",
        `The text colour on the background has a contrast of ${formatRatio(ratio)}; it must be at least ${AA_NORMAL_TEXT} to 1 to be readable. Choose a darker or lighter colour.`,
      );
    }
    if (!all.callToActionLink && !all.detailText) {
      refuse(
        "detailText",
        "Enter the detail text, or a link: without a link the call to action opens the detail text.",
      );
    }
    const status = String(all.status);
    const before = existing ? String(existing.status) : null;
    if ((status === "live" || status === "ended") && status !== before) {
      refuse("status", "Live and Ended are set by the schedule: choose Scheduled to show the banner from its start.");
    }
    if (status !== "draft" && !all.startsAt) refuse("startsAt", "Enter when the banner starts showing.");
    // A live banner whose start moves into the future waits for it again.
    if (status === "live" && all.startsAt instanceof Date && all.startsAt > new Date())
      return { ...cols, status: "scheduled" };
    return cols;
  },
});
