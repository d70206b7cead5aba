import { eq } from "drizzle-orm";
import { resorts } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { ResortDatesSchema } from "./resort-pages.schema";
import { END_YEAR_FIELDS, endsOn, RESORT_NAME_COLUMNS } from "./resort-fields.resource";
import { refreshScoresAfterWrite } from "./resort-score-refresh";

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
    ...RESORT_NAME_COLUMNS,
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
  fields: [...END_YEAR_FIELDS],
  defaultSort: { key: "position", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => String(row.name ?? ""),
  afterWrite: refreshScoresAfterWrite,
});
