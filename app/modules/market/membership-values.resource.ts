import { eq } from "drizzle-orm";
import { resortMembershipValues, resorts } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { MembershipValueSchema } from "./market-admin.schema";

/**
 * /admin/resorts/membership-values (SPEC admin menu, issue 31): each resort's reference value per point, with the
 * date and source it comes from (seeded from the July 2021 published resale prices). The resale value calculator
 * uses a resort's latest one only when the product has too few comparable listings and closed sales (decision 0077).
 * Older rows stay as the history.
 */
export default defineResource({
  noun: "membership value",
  title: "Membership values",
  description:
    "Reference values per point for each resort, dated and sourced. The resale value calculator uses a resort's latest value only when there are too few comparable listings for sale and closed sales to compare with, and shows its date and source. Add a new row when you have a newer figure: older ones stay as the history.",
  caption: "Reference values per point by resort",
  searchLabel: "Search by resort name or code",
  emptyText: "No reference values yet.",
  table: resortMembershipValues,
  id: resortMembershipValues.id,
  operations: ["create", "update", "delete", "export"],
  schema: MembershipValueSchema,
  joins: [{ table: resorts, on: () => eq(resorts.id, resortMembershipValues.resortId) }],
  columns: [
    { key: "resort", label: "Resort", value: resorts.name, searchable: true, sortable: true, primary: true },
    { key: "code", label: "Code", value: resorts.code, searchable: true, hidden: true },
    {
      key: "value",
      label: "Value per point",
      value: resortMembershipValues.valuePerPointCents,
      format: "money",
      sortable: true,
    },
    {
      key: "asOf",
      label: "As of",
      value: resortMembershipValues.asOf,
      format: "date",
      sortable: true,
      sortFirst: "desc",
    },
    { key: "source", label: "Source", value: resortMembershipValues.source, searchable: true },
  ],
  fields: [
    {
      name: "resort_id",
      label: "Resort",
      kind: "relation",
      column: resortMembershipValues.resortId,
      relation: { table: resorts, value: resorts.id, label: resorts.name, where: () => eq(resorts.isInterval, false) },
    },
    {
      name: "value_per_point",
      label: "Value per point (US dollars)",
      kind: "money",
      column: resortMembershipValues.valuePerPointCents,
      help: "A typical resale price per point for a plain contract (full current-year points), e.g. 118.",
    },
    { name: "as_of", label: "As of", kind: "date", column: resortMembershipValues.asOf },
    {
      name: "source",
      label: "Source",
      kind: "text",
      column: resortMembershipValues.source,
      help: "Where the figure comes from, as sellers read it, e.g. “Published resale prices, July 2021”.",
    },
  ],
  defaultSort: { key: "resort", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => `${String(row.resort ?? "")} ${String(row.asOf ?? "")}`.trim(),
});
