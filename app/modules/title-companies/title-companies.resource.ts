import { sql } from "drizzle-orm";
import { z } from "zod";
import { titleCompanies } from "~/db/schema";
import { optionalText, text } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { deleteTitleCompany, makeDefaultTitleCompany, settleDefaultFlag } from "./title-companies.server";
import { US_STATE_CODES, US_STATE_OPTIONS } from "./us-states";

export const TitleCompanySchema = z.object({
  name: text({
    label: "The name",
    min: 2,
    max: 120,
    required: "Enter the company's name.",
    tooShort: "Enter the company's name (at least 2 characters).",
  }),
  contact_name: optionalText({
    label: "The contact name",
    max: 120,
    empty: null,
  }),
  email: z
    .email({ error: "Enter the email address in full, like closings@example.com." })
    .max(200, "The email address is at most 200 characters.")
    .nullable(),
  phone: z
    .string()
    .max(30, "The phone number is at most 30 characters.")
    .regex(
      /^\+?[0-9(][0-9 ().-]{5,}[0-9](\s*(x|ext\.?)\s*[0-9]{1,6})?$/i,
      "Enter the phone number, like (407) 555-0123.",
    )
    .nullable(),
  wire_instructions: text({
    label: "The wire instructions",
    min: 20,
    max: 2000,
    multiline: true,
    required: "Enter the wire instructions the buyer follows.",
    tooShort: "Enter the wire instructions in full: bank, routing number, account number and reference.",
    tooLong: "The wire instructions are at most 2,000 characters.",
  }),
  states_served: z
    .array(z.enum(US_STATE_CODES, { error: "Choose states from the list." }))
    .max(US_STATE_CODES.length)
    .transform((v) => [...new Set(v)].sort()),
  is_default: z.boolean(),
});

/** The open agreements (neither closed nor cancelled) naming the company. */
const openAgreements = sql<number>`(select count(*)::int from agreements a where a.title_company_id = "title_companies"."id" and a.status not in ('closed', 'cancelled'))`;

/**
 * /admin/companies (SPEC: title company: companies, company create): the title companies (escrow agents) that hold
 * the buyer's deposit and close the deals. One of them is the default, which a new agreement gets. A company is
 * deleted by keeping it with `deleted_at` (agreements still name it); the default and one an agreement in progress
 * uses cannot be deleted.
 */
export default defineResource({
  noun: "title company",
  title: "Title companies",
  description:
    "The title companies that hold buyers' deposits in escrow and close the sales. A new agreement gets the default company; the buyer wires the deposit by its wire instructions, shown exactly as typed. Closing costs are set per company under Closing costs.",
  searchLabel: "Search by name, contact, email or state",
  emptyText: "No title companies yet: add the escrow company that closes the sales.",
  table: titleCompanies,
  id: titleCompanies.id,
  operations: ["create", "update", "export"],
  schema: TitleCompanySchema,
  softDelete: titleCompanies.deletedAt,
  columns: [
    {
      key: "name",
      label: "Name",
      value: titleCompanies.name,
      primary: true,
      sortable: true,
      searchable: true,
      detail: "contact",
    },
    { key: "contact", label: "Contact", value: titleCompanies.contactName, searchable: true, hidden: true },
    {
      key: "email",
      label: "Email and phone",
      value: titleCompanies.email,
      format: "email",
      searchable: true,
      detail: "phone",
    },
    { key: "phone", label: "Phone", value: titleCompanies.phone, searchable: true, hidden: true },
    {
      key: "states",
      label: "States served",
      value: sql<string>`(select string_agg(s, ', ' order by s) from jsonb_array_elements_text("title_companies"."states_served") s)`,
      searchable: true,
    },
    { key: "default", label: "Default", value: titleCompanies.isDefault, format: "boolean", hidden: true },
    {
      key: "open",
      label: "Open deals",
      value: openAgreements,
      format: "number",
      sortable: true,
      optional: true,
    },
    {
      key: "wire",
      label: "Wire instructions",
      value: titleCompanies.wireInstructions,
      format: "multiline",
      optional: true,
    },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text" },
    {
      name: "contact_name",
      label: "Contact name",
      kind: "text",
      column: titleCompanies.contactName,
      help: "The escrow officer who handles the closings.",
    },
    { name: "email", label: "Email", kind: "email" },
    { name: "phone", label: "Phone", kind: "text", help: "Like (407) 555-0123." },
    {
      name: "wire_instructions",
      label: "Wire instructions",
      kind: "textarea",
      column: titleCompanies.wireInstructions,
      help: "Exactly what the buyer needs to wire the deposit: bank, routing (ABA) number, account number, account name and the reference to quote. Shown to the buyer as typed, line by line.",
    },
    {
      name: "states_served",
      label: "States served",
      kind: "multiselect",
      column: titleCompanies.statesServed,
      options: US_STATE_OPTIONS,
      help: "The states the company closes in.",
    },
    {
      name: "is_default",
      label: "Default company (new agreements get it)",
      kind: "checkbox",
      column: titleCompanies.isDefault,
      help: "Exactly one company is the default: ticking this clears it from the others. The first company becomes the default.",
    },
  ],
  defaultSort: { key: "name", dir: "asc" },
  csvFields: ["name", "contact_name", "email", "phone", "states_served", "is_default", "wire_instructions"],
  titleOf: (row) => String(row.name ?? ""),
  prepare: async (cols, { tx, existing }) => ({
    ...cols,
    isDefault: await settleDefaultFlag(tx, {
      id: existing ? Number(existing.id) : null,
      wanted: Boolean(cols.isDefault),
      wasDefault: Boolean(existing?.isDefault),
    }),
    updatedAt: new Date(),
  }),
  rowActions: [
    {
      intent: "make-default",
      label: "Make default",
      done: "is now the default title company",
      when: (r) => !r.default,
      otherwise: "Default company",
      run: ({ tx, id }) => makeDefaultTitleCompany(tx, Number(id)),
    },
    {
      intent: "delete-company",
      label: "Delete",
      done: "deleted",
      ability: "delete",
      run: ({ tx, id }) => deleteTitleCompany(tx, Number(id)),
    },
  ],
});
