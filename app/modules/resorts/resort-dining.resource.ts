import { eq } from "drizzle-orm";
import { resortDining, resorts } from "~/db/schema";
import { DINING_KIND_LABELS, DINING_KINDS } from "./dining";
import { defineResource, type Relation } from "~/modules/admin/resource";
import { DiningSchema } from "./resort-pages.schema";

const RESORTS: Relation = {
  table: resorts,
  value: resorts.id,
  label: resorts.name,
  where: () => eq(resorts.isInterval, false),
};
const KIND_OPTIONS = DINING_KINDS.map((k) => ({ value: k, label: DINING_KIND_LABELS[k] }));

/**
 * /admin/resorts/dining (issue 31, decision 0074): the restaurants, quick-service spots and lounges at or beside each
 * resort, a child table of its own (`resort_dining`) filtered per resort (each resort's row in /admin/resorts links
 * here with its filter). The resort page's dining tab lists them by kind.
 */
export default defineResource({
  noun: "dining place",
  title: "Dining",
  description:
    "The restaurants, quick-service spots and lounges at or next to each resort, as the resort page's Dining tab lists them (by kind, then in the order of their position).",
  caption: "Dining at the resorts",
  searchLabel: "Search dining by name or resort",
  emptyText: "No dining on record for these resorts.",
  table: resortDining,
  id: resortDining.id,
  operations: ["create", "update", "delete", "export"],
  schema: DiningSchema,
  joins: [{ table: resorts, on: () => eq(resorts.id, resortDining.resortId) }],
  columns: [
    { key: "name", label: "Name", value: resortDining.name, primary: true, sortable: true, searchable: true },
    {
      key: "resort",
      label: "Resort",
      value: resorts.name,
      sortable: true,
      searchable: true,
      wrap: true,
    },
    {
      key: "resortId",
      label: "Resort",
      value: resortDining.resortId,
      hidden: true,
      filter: { kind: "relation", relation: RESORTS },
    },
    {
      key: "kind",
      label: "Kind",
      value: resortDining.kind,
      sortable: true,
      filter: { kind: "select", options: KIND_OPTIONS },
    },
    { key: "description", label: "Description", value: resortDining.description, wrap: true, optional: true },
    { key: "position", label: "Position", value: resortDining.sortOrder, sortable: true, optional: true },
  ],
  fields: [
    { name: "resort_id", label: "Resort", kind: "relation", column: resortDining.resortId, relation: RESORTS },
    { name: "name", label: "Name", kind: "text", help: "As the resort names it, like “Sanaa”." },
    { name: "kind", label: "Kind", kind: "select", options: KIND_OPTIONS },
    {
      name: "description",
      label: "Description",
      kind: "textarea",
      rows: 3,
      help: "A sentence: the cuisine, where it is, what it is known for.",
    },
  ],
  defaultSort: { key: "resort", dir: "asc" },
  titleOf: (row) => String(row.name ?? ""),
});
