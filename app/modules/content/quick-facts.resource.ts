import { sql } from "drizzle-orm";
import { z } from "zod";
import { quickFacts } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { COMMISSION_KEY, DATA_QUICK_FACTS, QUICK_FACT_KEYS } from "./quick-facts";
import { countComputedQuickFacts } from "./quick-facts.server";
import { getSiteCommission } from "~/modules/settings/tweaks.server";
import { optionalText, text } from "~/lib/fields";

const KEY_OPTIONS = QUICK_FACT_KEYS.map((k) => ({ value: k.key, label: k.title }));

export const QuickFactSchema = z.object({
  key: z.enum(
    QUICK_FACT_KEYS.map((k) => k.key),
    { error: "Choose which quick fact this is." },
  ),
  title: text({
    label: "The title",
    min: 2,
    max: 80,
    required: "Enter a title.",
    tooLong: "The title is at most 80 characters.",
  }),
  value: optionalText({
    label: "The value",
    max: 600,
    multiline: true,
    tooLong: "The value is at most 600 characters.",
  }).transform((v) => v ?? ""),
  link: optionalText({
    label: "The link",
    max: 300,
    empty: null,
    tooLong: "The link is at most 300 characters.",
  }).refine(
    (v) => v === null || /^(\/[^\s]*|https:\/\/[^\s]+)$/.test(v),
    "The link must be a path on this site (like /about-us) or an https:// address.",
  ),
});

/**
 * /admin/quick-facts (SPEC admin menu): the Quick facts mega menu's facts and the mission statement, in the order
 * the administrator sets. "Listings for sale now" and "Contracts under contract" are counted from the data.
 */
export default defineResource({
  noun: "quick fact",
  title: "Quick facts",
  description:
    "The facts in the header's Quick facts menu, in the order shown there, and the mission statement above them. A fact with no value is left out of the menu. Listings for sale and contracts under contract are counted from the marketplace itself; the commission is the one set in Tweaks, admin fees.",
  table: quickFacts,
  id: quickFacts.id,
  operations: ["create", "update", "delete", "order", "import", "export"],
  schema: QuickFactSchema,
  columns: [
    { key: "title", label: "Title", value: quickFacts.title, primary: true, searchable: true, sortable: true },
    { key: "value", label: "Value", value: quickFacts.value, searchable: true, format: "multiline" },
    { key: "link", label: "Link", value: quickFacts.link, optional: true },
    { key: "key", label: "Key", value: quickFacts.key, optional: true, sortable: true },
    {
      key: "position",
      label: "Order",
      value: quickFacts.sortOrder,
      format: "number",
      sortable: true,
    },
    {
      key: "computed",
      label: "Computed",
      value: sql<boolean>`${quickFacts.key} in ('available_listings', 'pending_closings', 'commission_rate')`,
      format: "boolean",
      booleanLabels: ["From data or settings", "Typed in"],
      optional: true,
    },
  ],
  fields: [
    { name: "key", label: "Fact", kind: "select", options: KEY_OPTIONS, readOnlyOnEdit: true },
    { name: "title", label: "Title", kind: "text" },
    {
      name: "value",
      label: "Value",
      kind: "textarea",
      help: "Leave empty to hide the fact. Ignored for the two counted facts (listings for sale, contracts under contract) and for the commission (set in Tweaks, admin fees).",
    },
    {
      name: "link",
      label: "Link",
      kind: "text",
      help: "A page on this site (/about-us) or an https:// address.",
    },
  ],
  defaultSort: { key: "position", dir: "asc" },
  orderColumn: quickFacts.sortOrder,
  titleOf: (row) => String(row.title ?? ""),
  // A counted fact's value is the count: whatever is typed is not stored.
  prepare: (cols, { existing }) => {
    const key = String(existing?.key ?? cols.key);
    return DATA_QUICK_FACTS.includes(key) ? { ...cols, value: "" } : cols;
  },
  computed: async (rows, { db }) => {
    const [counts, commission] = await Promise.all([countComputedQuickFacts(db), getSiteCommission(db)]);
    for (const r of rows) {
      const key = String(r.key ?? "");
      if (key in counts) r.value = `${counts[key as keyof typeof counts]} (counted from data)`;
      if (key === COMMISSION_KEY) r.value = `${commission.words} (from Tweaks, admin fees)`;
    }
  },
});
