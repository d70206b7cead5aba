import { sql } from "drizzle-orm";
import { resorts } from "~/db/schema";
import type { AnyPgColumn, ResourceColumn, ResourceField } from "~/modules/admin/resource";
import { RESORT_END_YEAR } from "./resorts-admin.schema";

// Parts shared by the declarations over `resorts` (not a declaration itself: nothing registers this file).

/** "Jan 31, 2057": contracts end on January 31 of their end year (a list column's value). */
export const endsOn = (year: AnyPgColumn) =>
  sql<string>`case when ${year} is null then null else 'Jan 31, ' || ${year} end`;

/**
 * The resort's first two list columns (its name with the code below it, and the code for search), shared by the
 * declarations over `resorts`: /admin/resorts, /admin/resorts/dates and the annual dues screen.
 */
export const RESORT_NAME_COLUMNS: ResourceColumn[] = [
  {
    key: "name",
    label: "Resort",
    value: resorts.name,
    sortable: true,
    searchable: true,
    primary: true,
    detail: "code",
    wrap: true,
  },
  { key: "code", label: "Code", value: resorts.code, searchable: true, hidden: true },
];

/**
 * The contract end year's four fields (decision 0074): the end year, the extended end year, where the year comes
 * from, and the administrators' "unverified" mark. Edited on /admin/resorts/dates and on the annual dues screen.
 */
export const END_YEAR_FIELDS: ResourceField[] = [
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
];
