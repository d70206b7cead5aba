import { sql } from "drizzle-orm";
import { z } from "zod";
import { lenders } from "~/db/schema";
import { int, optionalText, text } from "~/lib/fields";
import { MAX_MONEY_CENTS } from "~/lib/money";
import { defineResource } from "~/modules/admin/resource";
import { LENDER_LIMITS } from "./lenders";

const L = LENDER_LIMITS;

/** An APR in percent with at most three decimals (6.99, 7.125). */
const apr = (which: string) =>
  z
    .number({ error: `Enter the ${which} rate (APR) as a percent, like 6.99.` })
    .min(L.apr.min, `The ${which} rate cannot be below ${L.apr.min}%.`)
    .max(L.apr.max, `The ${which} rate is at most ${L.apr.max}%.`)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, "Give the rate with at most three decimals.");

const years = (which: string) =>
  int({
    min: L.years.min,
    max: L.years.max,
    message: `Enter the ${which} term in whole years, from ${L.years.min} to ${L.years.max}.`,
  });

export const LenderSchema = z
  .object({
    name: text({ label: "The name", min: 2, max: 120, required: "Enter the lender's name." }),
    website: z
      .url({ protocol: /^https$/, error: "Enter the website as a full https:// address, like https://example.com." })
      .max(300, "The website address is at most 300 characters.")
      .nullable(),
    phone: optionalText({ label: "The phone number", max: 40, empty: null }).refine(
      (v) => v === null || /^[+()\d][\d\s().+-]{5,38}$/.test(v),
      "Enter the phone number with digits, spaces, dashes or brackets, like (800) 555-0142.",
    ),
    apr_min: apr("lowest"),
    apr_max: apr("highest"),
    term_min: years("shortest"),
    term_max: years("longest"),
    min_loan: int({
      min: 0,
      max: Math.min(L.minLoanCents.max, MAX_MONEY_CENTS),
      message: "Enter the minimum loan in dollars (0 for none), at most $100,000.",
    }),
    down_payment: int({
      min: L.down.min,
      max: L.down.max,
      message: `Enter the down payment as a whole percent from ${L.down.min} to ${L.down.max}.`,
    }),
    notes: optionalText({ label: "The notes", max: 600, multiline: true }).transform((v) => v ?? ""),
    is_demo: z.boolean(),
    is_active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.apr_min > v.apr_max) {
      ctx.addIssue({ code: "custom", path: ["apr_max"], message: "The highest rate cannot be below the lowest." });
    }
    if (v.term_min > v.term_max) {
      ctx.addIssue({
        code: "custom",
        path: ["term_max"],
        message: "The longest term cannot be shorter than the shortest.",
      });
    }
  });

/**
 * /admin/finance/lenders (SPEC admin menu; issue 31): the lenders /dvc-financing lists, in this order, active ones
 * only. A row ticked "Demo data" is the seed's fictional lender and says so on the page.
 */
export default defineResource({
  noun: "lender",
  title: "Lenders",
  description:
    "Lenders that finance resale DVC contracts, listed on the financing page in this order (active ones only). Rows marked demo data are fictional examples from the demo seed: replace them with real lenders and their current terms.",
  searchLabel: "Search by name",
  emptyText: "No lenders yet: add the lenders buyers can ask for a resale loan.",
  table: lenders,
  id: lenders.id,
  operations: ["create", "update", "delete", "order", "export"],
  schema: LenderSchema,
  columns: [
    { key: "name", label: "Name", value: lenders.name, primary: true, sortable: true, searchable: true, wrap: true },
    {
      key: "rates",
      label: "APR",
      value: sql<string>`${lenders.aprMinPercent}::text || '% – ' || ${lenders.aprMaxPercent}::text || '%'`,
    },
    {
      key: "terms",
      label: "Terms",
      value: sql<string>`${lenders.termMinYears}::text || '–' || ${lenders.termMaxYears}::text || ' years'`,
    },
    { key: "minLoan", label: "Minimum loan", value: lenders.minLoanCents, format: "money", sortable: true },
    {
      key: "down",
      label: "Down payment",
      value: sql<string>`${lenders.downPaymentPercent}::text || '%'`,
      optional: true,
    },
    {
      key: "demo",
      label: "Data",
      value: lenders.isDemo,
      format: "boolean",
      booleanLabels: ["Demo data", "Real"],
      filter: { kind: "boolean", yes: "Demo data", no: "Real" },
    },
    {
      key: "active",
      label: "Status",
      value: lenders.isActive,
      format: "boolean",
      booleanLabels: ["Active", "Inactive"],
      filter: { kind: "boolean", yes: "Active", no: "Inactive" },
    },
    { key: "position", label: "Order", value: lenders.sortOrder, format: "number", sortable: true, optional: true },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text" },
    { name: "website", label: "Website", kind: "url", help: "The full address, like https://example.com." },
    { name: "phone", label: "Phone", kind: "text" },
    {
      name: "apr_min",
      label: "Lowest rate (APR %)",
      kind: "number",
      step: "any",
      column: lenders.aprMinPercent,
      help: "The lowest annual percentage rate the lender quotes, like 6.99.",
    },
    { name: "apr_max", label: "Highest rate (APR %)", kind: "number", step: "any", column: lenders.aprMaxPercent },
    { name: "term_min", label: "Shortest term (years)", kind: "number", column: lenders.termMinYears },
    { name: "term_max", label: "Longest term (years)", kind: "number", column: lenders.termMaxYears },
    {
      name: "min_loan",
      label: "Minimum loan",
      kind: "money",
      column: lenders.minLoanCents,
      help: "In dollars; 0 for none.",
    },
    { name: "down_payment", label: "Down payment (%)", kind: "number", column: lenders.downPaymentPercent },
    { name: "notes", label: "Notes", kind: "textarea", help: "Shown on the financing page under the lender." },
    {
      name: "is_demo",
      label: "Demo data",
      kind: "checkbox",
      column: lenders.isDemo,
      help: "A fictional example: the financing page labels it as demo data.",
    },
    {
      name: "is_active",
      label: "Active (shown on the financing page)",
      kind: "checkbox",
      column: lenders.isActive,
      default: true,
    },
  ],
  defaultSort: { key: "position", dir: "asc" },
  orderColumn: lenders.sortOrder,
  titleOf: (row) => String(row.name ?? ""),
  prepare: (cols) => ({ ...cols, updatedAt: new Date() }),
});
