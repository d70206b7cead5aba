import { eq } from "drizzle-orm";
import { z } from "zod";
import { disneyRetailPrices, resorts } from "~/db/schema";
import { id, int, text } from "~/lib/fields";
import { defineResource, type Relation } from "~/modules/admin/resource";
import { checkRetailRow } from "./dues-prices.server";
import { RESORT_SOURCE_MAX } from "./resorts-admin.schema";

const RESORTS: Relation = {
  table: resorts,
  value: resorts.id,
  label: resorts.name,
  where: () => eq(resorts.isInterval, false),
};

/** A direct price per point: $1 to $1,000. */
export const RETAIL_CENTS = { min: 100, max: 100_000 } as const;

export const RetailPriceSchema = z.object({
  resort_id: id("Choose one of the resorts."),
  priced_on: z
    .string({ error: "Enter the date of the price, like 2021-07-01." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date of the price, like 2021-07-01.")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= "2000-01-01" && v <= "2100-12-31", {
      message: "Enter a real date between 2000 and 2100.",
    }),
  price_per_point: int({
    min: RETAIL_CENTS.min,
    max: RETAIL_CENTS.max,
    message: "Enter Disney's price per point in dollars, from $1 to $1,000 (for example 245).",
  }),
  source: text({
    label: "The source",
    max: RESORT_SOURCE_MAX,
    required: "Say where the price comes from (buyers read it beside the price).",
  }),
});

/**
 * /admin/resorts/disney-retail-prices (SPEC admin menu): Disney's direct price per point for a resort on a date, with
 * its source. A new price is a new dated row, so the history stays; the public retail and compare pages use the
 * latest row of each resort and show its date.
 */
export default defineResource({
  noun: "direct price",
  title: "Disney retail prices",
  description:
    "Disney's direct (retail) price per point for each resort, dated and with its source. Add a new row when the price changes: the retail prices page shows the history, and the compare page uses each resort's latest price.",
  caption: "Direct prices per point by resort and date",
  searchLabel: "Search by resort or source",
  emptyText: "No direct prices on record yet.",
  table: disneyRetailPrices,
  id: disneyRetailPrices.id,
  operations: ["create", "update", "delete", "import", "export"],
  schema: RetailPriceSchema,
  joins: [{ table: resorts, on: () => eq(resorts.id, disneyRetailPrices.resortId) }],
  columns: [
    {
      key: "resort",
      label: "Resort",
      value: resorts.name,
      primary: true,
      sortable: true,
      searchable: true,
      detail: "source",
    },
    {
      key: "resortId",
      label: "Resort",
      value: disneyRetailPrices.resortId,
      hidden: true,
      filter: { kind: "relation", relation: RESORTS },
    },
    { key: "date", label: "Date", value: disneyRetailPrices.pricedOn, format: "date", sortable: true },
    {
      key: "price",
      label: "Price per point",
      value: disneyRetailPrices.pricePerPointCents,
      format: "money",
      sortable: true,
    },
    { key: "source", label: "Source", value: disneyRetailPrices.source, searchable: true, hidden: true },
  ],
  fields: [
    { name: "resort_id", label: "Resort", kind: "relation", column: disneyRetailPrices.resortId, relation: RESORTS },
    {
      name: "priced_on",
      label: "Date of the price",
      kind: "date",
      column: disneyRetailPrices.pricedOn,
      help: "The day Disney charged this price (or the day it was reported).",
    },
    {
      name: "price_per_point",
      label: "Price per point (US dollars)",
      kind: "money",
      column: disneyRetailPrices.pricePerPointCents,
      help: "Disney's price for a new contract, per point, e.g. 245.",
    },
    { name: "source", label: "Source", kind: "text", help: "Where the price comes from, as buyers read it." },
  ],
  defaultSort: { key: "date", dir: "desc" },
  pageSize: 50,
  titleOf: (row) => (row.resort ? `${row.resort} ${row.date}` : `#${row.id} (${row.pricedOn})`),
  prepare: async (cols, { tx, existing }) => {
    const merged = { ...existing, ...cols };
    await checkRetailRow(tx, {
      id: existing ? Number(existing.id) : null,
      resortId: Number(merged.resortId),
      pricedOn: String(merged.pricedOn).slice(0, 10),
    });
    return { ...cols, updatedAt: new Date() };
  },
});
