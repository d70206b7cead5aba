import { eq, sql } from "drizzle-orm";
import { resorts } from "~/db/schema";
import { formatPrice } from "~/lib/format";
import { defineResource } from "~/modules/admin/resource";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { keepDuesHistory } from "./dues-prices.server";
import { RESORT_DUES_CENTS, ResortFactsSchema } from "./resorts-admin.schema";
import { END_YEAR_FIELDS, RESORT_NAME_COLUMNS, endsOn } from "./resort-fields.resource";

/** The fields a listing's score reads: a change to either recomputes every score (the score compares the market). */
const SCORE_INPUTS = ["dues_per_point", "contract_end_year"];

/**
 * /admin/resorts/annual-dues (SPEC admin menu): every resort's annual dues per point and contract end years, with the
 * year and source the public pages show beside them, and the resort's own photo (decision 0052). The interval-resorts
 * entry has none of these and is not listed. Saving new dues or a new base end year queues a recompute of every
 * listing's score; the extension, the sources, the photo and the "unverified" flag do not move scores. The flag is
 * for the administrators only: public pages show a value with its source, never the flag.
 */
export default defineResource({
  noun: "resort",
  title: "Annual dues",
  description:
    "Each resort's annual dues per point and the year its contracts end (on January 31), with the year and source buyers see beside them, and the resort's photo. Listing scores use the dues and the contract end year: after you save a change, every listing's score is recomputed in the background within a few seconds.",
  caption: "Resorts, their dues and end years",
  searchLabel: "Search resorts by name or code",
  emptyText: "No resorts on record.",
  table: resorts,
  // The resort's slug names it in addresses (/admin/resorts/annual-dues/vero-beach/edit).
  id: resorts.slug,
  operations: ["update", "export"],
  schema: ResortFactsSchema,
  scope: () => eq(resorts.isInterval, false),
  columns: [
    ...RESORT_NAME_COLUMNS,
    { key: "dues", label: "Dues per point", value: resorts.duesPerPointCents, format: "money", sortable: true },
    { key: "end", label: "Contract end", value: endsOn(resorts.contractEndYear), sortable: true },
    { key: "extended", label: "Extended end", value: endsOn(resorts.extendedEndYear), sortable: true },
    {
      key: "unverified",
      label: "End year",
      value: resorts.endYearUnverified,
      format: "boolean",
      booleanLabels: ["Unverified", "Verified"],
      filter: { kind: "boolean", yes: "Unverified", no: "Verified" },
    },
    {
      key: "picture",
      label: "Picture",
      value: sql<boolean>`(${resorts.photoPath} is not null)`,
      format: "boolean",
      booleanLabels: ["Own photo", "Illustration"],
      filter: { kind: "boolean", yes: "Own photo", no: "Illustration" },
    },
    {
      key: "activeListings",
      label: "Active listings",
      // Qualified by hand: in a one-table select Drizzle leaves columns unqualified, which a subquery misreads.
      value: sql<number>`(select count(*)::int from listings l where l.resort_id = "resorts"."id" and l.listing_status_id = ${LISTING_STATUS.active} and l.is_test = false)`,
      format: "number",
      sortable: true,
      sortFirst: "desc",
    },
    { key: "position", label: "Position", value: resorts.sortOrder, hidden: true },
  ],
  fields: [
    {
      name: "dues_per_point",
      label: "Annual dues per point (US dollars)",
      kind: "money",
      column: resorts.duesPerPointCents,
      help: `From ${formatPrice(RESORT_DUES_CENTS.min)} to ${formatPrice(RESORT_DUES_CENTS.max)}, with cents, e.g. 8.24. Leave it empty when you do not have a figure: buyers are then asked to contact you.`,
    },
    {
      name: "dues_year",
      label: "Year of the dues",
      kind: "number",
      column: resorts.duesYear,
      help: "The calendar year the figure is for, shown with it (“$8.24/pt for 2026”). Change it with the figure.",
    },
    {
      name: "dues_source",
      label: "Source of the dues",
      kind: "text",
      column: resorts.duesSource,
      help: "Where the figure comes from, as buyers read it, e.g. “The resort's 2026 budget sent to owners”.",
    },
    {
      name: "dues_estimated",
      label: "The dues are our estimate, not the published figure",
      kind: "checkbox",
      column: resorts.duesEstimated,
      help: "Public pages then call the figure an estimate and offer buyers a form to ask for this year's dues. Untick it once the resort's published dues for the year are in.",
    },
    ...END_YEAR_FIELDS,
    {
      name: "photo",
      label: "Photo",
      kind: "image",
      column: resorts.photoPath,
      imageFolder: "resorts",
      imageMaxSide: 1600,
      help: "The company's own photo of the resort: PNG, JPEG or WebP, at most 5 MB, landscape. It replaces the illustration on the resort's page, the resorts list and its listings, cropped to fit.",
    },
  ],
  defaultSort: { key: "position", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => String(row.name ?? ""),
  // Issue 31: the year's row of the dues history takes the figure saved here (decision 0075).
  prepare: async (cols, { tx, existing }) => {
    if (existing) await keepDuesHistory(tx, Number(existing.id), { ...existing, ...cols });
    return cols;
  },
  afterWrite: async ({ services, changed }) => {
    const movesScores = changed === "all" || changed.some((name) => SCORE_INPUTS.includes(name));
    if (!movesScores || !services.jobs) return;
    const queued = await services.jobs.send(LISTINGS_QUEUES.recomputeScores, {});
    return queued === null ? undefined : "Scores are being recomputed.";
  },
});
