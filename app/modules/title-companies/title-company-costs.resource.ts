import { eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { resorts, titleCompanies, titleCompanyCosts } from "~/db/schema";
import { id, int } from "~/lib/fields";
import { defineResource, type Relation } from "~/modules/admin/resource";
import { checkCostRow } from "./title-companies.server";
import { US_STATE_CODES, US_STATE_OPTIONS } from "./us-states";

/** A fee's cap: $10,000 (a title company's fee for a timeshare deed is a few hundred dollars). */
export const MAX_FEE_CENTS = 1_000_000;

const fee = (what: string) =>
  int({
    min: 0,
    max: MAX_FEE_CENTS,
    message: `Enter the ${what} in dollars (0 if the company charges none).`,
    tooSmall: `The ${what} cannot be negative.`,
    tooLarge: `The ${what} is at most $10,000.`,
  });

export const TitleCompanyCostSchema = z
  .object({
    company_id: id("Choose the title company."),
    resort_id: id("Choose one of the resorts.").nullable(),
    state: z.enum(US_STATE_CODES, { error: "Choose a state from the list." }).nullable(),
    closing_fee: fee("closing fee"),
    recording_fee: fee("recording fee"),
    title_search: fee("title search fee"),
    estoppel_fee: fee("estoppel fee"),
  })
  .superRefine((v, ctx) => {
    if (v.resort_id !== null && v.state !== null) {
      ctx.addIssue({
        code: "custom",
        path: ["state"],
        message: "Choose a resort or a state, not both: a resort's row already applies to that resort alone.",
      });
    }
  });

const liveCompanies: Relation = {
  table: titleCompanies,
  value: titleCompanies.id,
  label: titleCompanies.name,
  where: () => isNull(titleCompanies.deletedAt),
};

const resortOptions: Relation = {
  table: resorts,
  value: resorts.id,
  label: resorts.name,
  where: () => eq(resorts.isInterval, false),
};

/** What the row applies to, as the list says it. */
const appliesTo = sql<string>`case when ${titleCompanyCosts.resortId} is not null then ${resorts.name} when ${titleCompanyCosts.state} is not null then 'State: ' || ${titleCompanyCosts.state} else 'Every resort (general)' end`;

/**
 * /admin/companies/costs (SPEC: title company: closing costs): each title company's fees, in integer cents, for one
 * resort, for one state, or in general (neither). A deal uses the most specific row (closingCostsFor). Rows of a
 * deleted company are left out.
 */
export default defineResource({
  noun: "closing cost row",
  title: "Closing costs",
  description:
    "Each title company's fees: a general row for every resort, and rows for one state or one resort where the fees differ. A deal uses the most specific row: the resort's, else the state's, else the general one. The closing fee, recording and title search make the buyer's closing costs; the estoppel fee is the seller's.",
  searchLabel: "Search by company, resort or state",
  emptyText: "No closing costs yet: add a general row for each title company.",
  table: titleCompanyCosts,
  id: titleCompanyCosts.id,
  operations: ["create", "update", "delete", "export"],
  schema: TitleCompanyCostSchema,
  scope: () =>
    sql`exists (select 1 from title_companies tc where tc.id = "title_company_costs"."company_id" and tc.deleted_at is null)`,
  joins: [
    { table: titleCompanies, on: () => eq(titleCompanies.id, titleCompanyCosts.companyId) },
    { table: resorts, on: () => eq(resorts.id, titleCompanyCosts.resortId) },
  ],
  columns: [
    // The company's name links to the row's form; the line under it says what the row applies to.
    {
      key: "company",
      label: "Company",
      value: titleCompanies.name,
      primary: true,
      sortable: true,
      searchable: true,
      detail: "applies",
    },
    { key: "applies", label: "Applies to", value: appliesTo, hidden: true, sortable: true, searchable: true },
    {
      key: "companyId",
      label: "Company",
      value: titleCompanyCosts.companyId,
      hidden: true,
      filter: { kind: "relation", relation: liveCompanies },
    },
    { key: "closing", label: "Closing fee", value: titleCompanyCosts.closingFeeCents, format: "money", sortable: true },
    { key: "recording", label: "Recording", value: titleCompanyCosts.recordingFeeCents, format: "money" },
    { key: "search", label: "Title search", value: titleCompanyCosts.titleSearchCents, format: "money" },
    {
      key: "buyer",
      label: "Buyer pays",
      value: sql<number>`${titleCompanyCosts.closingFeeCents} + ${titleCompanyCosts.recordingFeeCents} + ${titleCompanyCosts.titleSearchCents}`,
      format: "money",
      sortable: true,
      optional: true,
    },
    { key: "estoppel", label: "Estoppel", value: titleCompanyCosts.estoppelFeeCents, format: "money" },
  ],
  fields: [
    {
      name: "company_id",
      label: "Title company",
      kind: "relation",
      column: titleCompanyCosts.companyId,
      relation: liveCompanies,
    },
    {
      name: "resort_id",
      label: "Resort",
      kind: "relation",
      column: titleCompanyCosts.resortId,
      relation: resortOptions,
      help: "For fees that apply to one resort only. Leave as None for a state's row or the general row.",
    },
    {
      name: "state",
      label: "State",
      kind: "select",
      options: US_STATE_OPTIONS,
      help: "For fees that apply in one state (Hawaii for Aulani). Leave both as None for the company's general row.",
    },
    {
      name: "closing_fee",
      label: "Closing fee",
      kind: "money",
      column: titleCompanyCosts.closingFeeCents,
      help: "In dollars, like 295 or 295.00.",
    },
    {
      name: "recording_fee",
      label: "Recording fee",
      kind: "money",
      column: titleCompanyCosts.recordingFeeCents,
    },
    {
      name: "title_search",
      label: "Title search",
      kind: "money",
      column: titleCompanyCosts.titleSearchCents,
    },
    {
      name: "estoppel_fee",
      label: "Estoppel fee",
      kind: "money",
      column: titleCompanyCosts.estoppelFeeCents,
      help: "Charged for the developer's estoppel certificate; usually the seller's.",
    },
  ],
  defaultSort: { key: "company", dir: "asc" },
  // A list row has the company's name and what it applies to; a stored row (a save's toast, the journal) its id.
  titleOf: (row) =>
    row.applies
      ? `${row.company}: ${row.applies}`
      : `#${row.id} (${row.resortId ? "one resort" : row.state ? `state ${row.state}` : "general"})`,
  prepare: async (cols, { tx, existing }) => {
    const merged = { ...existing, ...cols };
    await checkCostRow(tx, {
      id: existing ? Number(existing.id) : null,
      companyId: Number(merged.companyId),
      resortId: merged.resortId == null ? null : Number(merged.resortId),
      state: merged.state == null ? null : String(merged.state),
    });
    return { ...cols, updatedAt: new Date() };
  },
});
