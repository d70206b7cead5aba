import { eq, sql } from "drizzle-orm";
import { resorts } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { ResortSchema } from "./resort-pages.schema";
import { refreshScoresAfterWrite } from "./resort-score-refresh";
import { RESORT_NAME_COLUMNS } from "./resort-fields.resource";

/**
 * /admin/resorts (SPEC admin menu; issue 31, decision 0074): every resort's name, code, address name, location and
 * coordinates, opening year, contract end years, booking windows, description and photo (an upload or a picture of
 * the media library, decision 0067). Dining is its own list (`/admin/resorts/dining`, linked from each row), dues
 * stay at `/admin/resorts/annual-dues`, the end years alone at `/admin/resorts/dates`. The interval-resorts entry
 * has none of these and is not listed.
 */
export default defineResource({
  noun: "resort",
  title: "Resorts",
  description:
    "Each resort as its public page shows it: name, code, address, location and map position, opening year, when its contracts end, booking windows, description and photo. The restaurants and lounges are under Dining; the dues under Annual dues.",
  caption: "Resorts",
  searchLabel: "Search resorts by name, code or location",
  emptyText: "No resorts on record.",
  table: resorts,
  id: resorts.id,
  operations: ["create", "update", "export"],
  schema: ResortSchema,
  scope: () => eq(resorts.isInterval, false),
  columns: [
    ...RESORT_NAME_COLUMNS,
    { key: "location", label: "Location", value: resorts.location, searchable: true, sortable: true, wrap: true },
    { key: "opened", label: "Opened", value: resorts.openingYear, sortable: true },
    { key: "ends", label: "Contracts end", value: resorts.contractEndYear, sortable: true },
    {
      key: "mapped",
      label: "On the map",
      value: sql<boolean>`(${resorts.latitude} is not null)`,
      format: "boolean",
      booleanLabels: ["Yes", "No position"],
      filter: { kind: "boolean", yes: "Has a position", no: "No position" },
    },
    {
      key: "dining",
      label: "Dining",
      value: sql<number>`(select count(*)::int from resort_dining d where d.resort_id = "resorts"."id")`,
      format: "number",
      href: (row) => `/admin/resorts/dining?f.resortId=${row.id}`,
    },
    {
      key: "page",
      label: "Public page",
      value: sql<string>`'/resorts/' || ${resorts.slug}`,
      format: "url",
      optional: true,
    },
    { key: "position", label: "Position", value: resorts.sortOrder, hidden: true },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", help: "As buyers know it, like “Animal Kingdom Villas”." },
    { name: "code", label: "Code", kind: "text", help: "2 to 4 capital letters, like AKV." },
    {
      name: "slug",
      label: "Address name",
      kind: "text",
      help: "The page's address: /resorts/<address name>. Lower-case letters, digits and dashes. Changing it breaks links to the old address.",
    },
    { name: "location", label: "Location", kind: "text", help: "Like “Walt Disney World, FL”." },
    {
      name: "summary",
      label: "Summary",
      kind: "textarea",
      rows: 3,
      help: "One or two sentences: the resorts list and the top of the page show it.",
    },
    {
      name: "latitude",
      label: "Latitude",
      kind: "number",
      step: "any",
      help: "Degrees north, like 28.3549 (the map tab draws the resort here).",
    },
    {
      name: "longitude",
      label: "Longitude",
      kind: "number",
      step: "any",
      help: "Degrees east, negative in the Americas, like -81.6027.",
    },
    {
      name: "opening_year",
      label: "Opening year",
      kind: "number",
      column: resorts.openingYear,
      help: "The year its DVC villas opened. Leave empty if not known.",
    },
    {
      name: "contract_end_year",
      label: "Contract end year",
      kind: "number",
      column: resorts.contractEndYear,
      help: "Contracts end on January 31 of this year. Its source and verification are under Contract end dates.",
    },
    {
      name: "extended_end_year",
      label: "Extended end year (optional)",
      kind: "number",
      column: resorts.extendedEndYear,
      help: "For contracts that were extended; empty when there is none.",
    },
    {
      name: "home_booking_months",
      label: "Home-resort booking window (months)",
      kind: "number",
      column: resorts.homeBookingMonths,
      default: "11",
      help: "How many months before check-in an owner here may book this resort (11 for DVC).",
    },
    {
      name: "other_booking_months",
      label: "Other-resorts booking window (months)",
      kind: "number",
      column: resorts.otherBookingMonths,
      default: "7",
      help: "How many months before check-in an owner here may book the other resorts (7 for DVC).",
    },
    {
      name: "description",
      label: "Description",
      kind: "richtext",
      help: "The overview's longer text: what the resort is like, its pools, transport. Pictures from the media library are allowed.",
    },
    {
      name: "photo",
      label: "Photo",
      kind: "image",
      column: resorts.photoPath,
      imageFolder: "resorts",
      imageMaxSide: 1600,
      help: "The company's own photo of the resort (an upload or a picture of the media library): PNG, JPEG or WebP, at most 5 MB, landscape. It replaces the illustration on the resort's page.",
    },
  ],
  defaultSort: { key: "position", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => String(row.name ?? ""),
  // A new resort: a logo path (the column is required; the pages draw the illustration when there is no photo) and
  // the last place in the list, before the interval-resorts entry (the pages show that one last anyway).
  prepare: async (cols, { tx, existing }) => {
    if (existing) return cols;
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${resorts.sortOrder}), 0)::int` })
      .from(resorts)
      .where(eq(resorts.isInterval, false));
    const code = typeof cols.code === "string" ? cols.code.toLowerCase() : "resort";
    return { ...cols, logoPath: `/logos/${code}.svg`, sortOrder: last + 1 };
  },
  afterWrite: refreshScoresAfterWrite,
});
