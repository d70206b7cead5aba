import { eq, sql } from "drizzle-orm";
import { resorts } from "~/db/schema";
import { type AnyPgColumn, defineResource } from "~/modules/admin/resource";
import { RESORT_END_YEAR } from "./resorts-admin.schema";
import { ResortDatesSchema } from "./resort-pages.schema";
import { refreshScoresAfterWrite } from "./resort-score-refresh";

/** "Jan 31, 2057": contracts end on January 31 of their end year. */
const endsOn = (year: AnyPgColumn) => sql<string>`case when ${year} is null then null else 'Jan 31, ' || ${year} end`;

/**
 * /admin/resorts/dates (SPEC admin menu; issue 31): each resort's contract end year, extended end year, their source
 * and the administrators' "unverified" mark, and nothing else (a second declaration over `resorts`, decision 0074).
 */
export default defineResource({
  noun: "resort",
  title: "Contract end dates",
  description:
    "When each resort's contracts end (January 31 of the end year), the later year for extended contracts, where the year comes from, and whether it is verified. Buyers see the year and its source; the verification mark is for administrators only. A new end year recomputes every listing's score in the background.",
  caption: "Resorts and their contract end dates",
  searchLabel: "Search resorts by name or code",
  emptyText: "No resorts on record.",
  table: resorts,
  id: resorts.slug,
  operations: ["update", "export"],
  schema: ResortDatesSchema,
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
    { key: "source", label: "Source", value: resorts.endYearSource, wrap: true, optional: true },
    { key: "position", label: "Position", value: resorts.sortOrder, hidden: true },
  ],
  fields: [
    {
      name: "contract_end_year",
      label: "Contract end year",
      kind: "number",
      column: resorts.contractEndYear,
      help: `Contracts end on January 31 of this year (${RESORT_END_YEAR.min} to ${RESORT_END_YEAR.max}).`,
    },
    {
      name: "extended_end_year",
      label: "Extended end year (optional)",
      kind: "number",
      column: resorts.extendedEndYear,
      help: "For contracts that were extended; empty when there is none. Not before the contract end year.",
    },
    {
      name: "end_year_source",
      label: "Source of the end year",
      kind: "text",
      column: resorts.endYearSource,
      help: "Where the end year comes from, as buyers read it, e.g. “Disney's public offering statement”.",
    },
    {
      name: "end_year_unverified",
      label: "The end year is not verified yet",
      kind: "checkbox",
      column: resorts.endYearUnverified,
      help: "For administrators only: public pages show the end year with its source, never this mark.",
    },
  ],
  defaultSort: { key: "position", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => String(row.name ?? ""),
  afterWrite: refreshScoresAfterWrite,
});
