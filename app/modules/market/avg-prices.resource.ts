import { eq, sql } from "drizzle-orm";
import { marketMonthly, resorts } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { AvgPriceCorrectionSchema } from "./market-admin.schema";

/**
 * /admin/avg-prices (SPEC admin menu, issue 31): the average price per point per resort and month, computed by the
 * monthly refresh from the month's listings and closed sales, with a correction an administrator sets (a price and
 * its reason) or clears (empties the price). The public market series use the correction where set and say so. The
 * figures themselves are the refresh's: the screen edits only the correction (decision 0077).
 */
export default defineResource({
  noun: "monthly average",
  title: "Average prices",
  description:
    "The average price per point of each resort and month, from the month's listings and closed sales (refreshed every hour). Set a corrected average, with its reason, where the computed one is wrong (an outlier sale, a mistyped listing); empty the corrected average to clear it. The public market page uses the correction and says so. Demo months are the seeded history.",
  caption: "Average price per point by resort and month",
  searchLabel: "Search by resort name or code",
  emptyText: "No monthly figures yet: the hourly refresh fills this table.",
  table: marketMonthly,
  id: marketMonthly.id,
  operations: ["update", "export"],
  schema: AvgPriceCorrectionSchema,
  joins: [{ table: resorts, on: () => eq(resorts.id, marketMonthly.resortId) }],
  columns: [
    {
      key: "resort",
      label: "Resort",
      value: resorts.name,
      searchable: true,
      sortable: true,
      primary: true,
      detail: "month",
    },
    { key: "code", label: "Code", value: resorts.code, searchable: true, hidden: true },
    {
      key: "month",
      label: "Month",
      value: sql<string>`to_char(${marketMonthly.month}, 'YYYY-MM')`,
      sortable: true,
      sortFirst: "desc",
    },
    { key: "listed", label: "Listed", value: marketMonthly.listedCount, format: "number" },
    { key: "sold", label: "Sold", value: marketMonthly.soldCount, format: "number" },
    { key: "average", label: "Computed average", value: marketMonthly.averageCents, format: "money", sortable: true },
    { key: "corrected", label: "Corrected average", value: marketMonthly.correctedAverageCents, format: "money" },
    { key: "note", label: "Reason", value: marketMonthly.correctionNote, optional: true },
    {
      key: "demo",
      label: "Data",
      value: marketMonthly.isDemo,
      format: "boolean",
      booleanLabels: ["Demo history", "Our own"],
      filter: { kind: "boolean", yes: "Demo history", no: "Our own" },
    },
    {
      key: "hasCorrection",
      label: "Correction",
      value: sql<boolean>`(${marketMonthly.correctedAverageCents} is not null)`,
      format: "boolean",
      booleanLabels: ["Corrected", "As computed"],
      filter: { kind: "boolean", yes: "Corrected", no: "As computed" },
      hidden: true,
    },
  ],
  fields: [
    {
      name: "corrected_average",
      label: "Corrected average per point (US dollars)",
      kind: "money",
      column: marketMonthly.correctedAverageCents,
      help: "Replaces the computed average on the public market page, which says it was corrected. Empty: no correction.",
    },
    {
      name: "correction_note",
      label: "Reason for the correction",
      kind: "text",
      column: marketMonthly.correctionNote,
      help: "For the journal and the public page's note, e.g. “One sale entered at $1,450 instead of $145”.",
    },
  ],
  // Clearing the correction clears its reason.
  prepare: (cols) => (cols.correctedAverageCents === null ? { ...cols, correctionNote: null } : cols),
  defaultSort: { key: "month", dir: "desc" },
  pageSize: 50,
  titleOf: (row) => `${String(row.resort ?? "")} ${String(row.month ?? "")}`.trim(),
});
