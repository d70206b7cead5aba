import { eq, sql } from "drizzle-orm";
import { resorts } from "~/db/schema";
import { formatPrice } from "~/lib/format";
import { type AnyPgColumn, defineResource } from "~/modules/admin/resource";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { RESORT_DUES_CENTS, RESORT_END_YEAR, ResortFactsSchema } from "./resorts-admin.schema";

/** "Jan 31, 2057": contracts end on January 31 of their end year. */
const endsOn = (year: AnyPgColumn) => sql<string>`case when ${year} is null then null else 'Jan 31, ' || ${year} end`;

/** The fields a listing's score reads: a change to either recomputes every score (the score compares the market). */
const SCORE_INPUTS = ["dues_per_point", "contract_end_year"];

/**
 * /admin/resorts/annual-dues (SPEC admin menu): every resort's annual dues per point and contract end years. The
 * interval-resorts entry has neither and is not listed. Saving new dues or a new base end year queues a recompute
 * of every listing's score; the extension and the "unverified" flag do not move scores.
 */
export default defineResource({
  noun: "resort",
  title: "Annual dues",
  description:
    "Each resort's annual dues per point and the year its contracts end (on January 31). Listing scores use the dues and the contract end year: after you save a change, every listing's score is recomputed in the background within a few seconds.",
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
    {
      key: "name",
      label: "Resort",
      value: resorts.name,
      sortable: true,
      searchable: true,
      primary: true,
      detail: "code",
    },
    { key: "code", label: "Code", value: resorts.code, searchable: true, hidden: true },
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
      required: true,
      help: `From ${formatPrice(RESORT_DUES_CENTS.min)} to ${formatPrice(RESORT_DUES_CENTS.max)}, with cents, e.g. 8.24.`,
    },
    {
      name: "contract_end_year",
      label: "Contract end year",
      kind: "number",
      column: resorts.contractEndYear,
      required: true,
      min: RESORT_END_YEAR.min,
      max: RESORT_END_YEAR.max,
      help: `Contracts end on January 31 of this year (${RESORT_END_YEAR.min} to ${RESORT_END_YEAR.max}).`,
    },
    {
      name: "extended_end_year",
      label: "Extended end year (optional)",
      kind: "number",
      column: resorts.extendedEndYear,
      max: RESORT_END_YEAR.max,
      help: "For contracts that were extended; empty when there is none. Not before the contract end year.",
    },
    {
      name: "end_year_unverified",
      label: "The end year is not verified yet",
      kind: "checkbox",
      column: resorts.endYearUnverified,
    },
  ],
  defaultSort: { key: "position", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => String(row.name ?? ""),
  afterWrite: async ({ services, changed }) => {
    const movesScores = changed === "all" || changed.some((name) => SCORE_INPUTS.includes(name));
    if (!movesScores || !services.jobs) return;
    const queued = await services.jobs.send(LISTINGS_QUEUES.recomputeScores, {});
    return queued === null ? undefined : "Scores are being recomputed.";
  },
});
