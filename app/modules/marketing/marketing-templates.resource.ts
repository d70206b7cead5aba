import { z } from "zod";
import { marketingTemplates } from "~/db/schema";
import { text } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { MARKETING_VARIABLES, previewSection, validateMarketingTemplate } from "./marketing.server";

export const MarketingTemplateSchema = z.object({
  name: text({ label: "Name", max: 120, required: "Enter the template's name." }),
  subject: text({ label: "Subject", max: 300, required: "Enter the subject." }),
  body: text({ label: "Body", max: 50_000, multiline: true, required: "Enter the body." }),
});

/**
 * /admin/marketing/email-templates (issue 33, decision 0087): the marketing mails' wording. LiquidJS with four
 * variables (first name, site, site address, unsubscribe address); a template using any other variable, or with a
 * syntax error, is refused on save. Every mail sent from it gets an unsubscribe line and the List-Unsubscribe headers.
 */
export default defineResource({
  noun: "marketing template",
  title: "Marketing templates",
  description:
    'The wording of marketing mails. Write {{ first_name }}, {{ site }}, {{ site_url }} or {{ unsubscribe_url }} to insert a value; values are escaped. Insert a picture from Marketing files with <img src="its address" alt="what it shows">. Every mail gets an unsubscribe line at the end.',
  caption: "Marketing templates",
  searchLabel: "Search by name or subject",
  emptyText: "No marketing template yet.",
  table: marketingTemplates,
  id: marketingTemplates.id,
  operations: ["create", "update", "delete"],
  schema: MarketingTemplateSchema,
  columns: [
    { key: "name", label: "Name", value: marketingTemplates.name, primary: true, sortable: true, searchable: true },
    { key: "subject", label: "Subject", value: marketingTemplates.subject, searchable: true, wrap: true },
    { key: "updatedAt", label: "Changed", value: marketingTemplates.updatedAt, format: "datetime", sortable: true },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", help: "For you: which mail this is (not shown to recipients)." },
    { name: "subject", label: "Subject", kind: "text" },
    {
      name: "body",
      label: "Body (HTML)",
      kind: "textarea",
      rows: 14,
      help: "The mail's body inside the site's mail layout. Links (https://…) are counted when clicked.",
    },
  ],
  defaultSort: { key: "updatedAt", dir: "desc" },
  titleOf: (row) => String(row.name),
  validate: (values) => validateMarketingTemplate(values),
  prepare: (cols) => ({ ...cols, updatedAt: new Date() }),
  formAside: () => ({
    title: "Variables",
    description: "Write {{ name }} to insert one.",
    terms: Object.entries(MARKETING_VARIABLES).map(([term, description]) => ({ term, description })),
  }),
  detail: {
    columns: [
      { key: "name", label: "Name", value: marketingTemplates.name },
      { key: "subject", label: "Subject", value: marketingTemplates.subject, hidden: true },
      { key: "body", label: "Body", value: marketingTemplates.body, hidden: true },
    ],
    sections: async ({ services, row }) => [
      await previewSection(services, { subject: String(row.subject), body: String(row.body) }),
    ],
  },
});
