import { z } from "zod";
import { defineAbilityFor } from "~/auth/abilities";
import { messageTemplates } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { optionalText, text } from "~/lib/fields";
import { type TemplateDef, validateTemplate } from "~/lib/templates.server";
import { defineResource, fromCode } from "~/modules/admin/resource";
import { resourcePaths } from "~/modules/admin/resource-paths";
import { MAIL_AND_SMS_TEMPLATES, type SITE_VARIABLES, templateByKey } from "./message-templates.catalogue";
import { previewTemplate, removeTemplateOverride, sendTemplateTest } from "./mail-templates.server";

const KIND_LABEL = { mail: "Mail", sms: "Text message", "contract-section": "Contract section" } as const;

/** What every template may use besides its own variables (`sendTemplatedMail` supplies them). */
const SITE_VARIABLE_TEXT: Record<(typeof SITE_VARIABLES)[number], string> = {
  site: "The site's name",
  site_url: "The site's address",
};

export const EmailTemplateSchema = z.object({
  subject: optionalText({ label: "Subject", max: 300, empty: null }),
  text: text({ label: "Text version", max: 20_000, multiline: true, required: "Enter the text version." }),
  html: optionalText({ label: "HTML version", max: 50_000, multiline: true, empty: null }),
});

function templateOf(key: unknown): TemplateDef {
  const def = templateByKey(String(key));
  if (!def || (def.kind !== "mail" && def.kind !== "sms"))
    throw new AppError("NOT_FOUND", "There is no such template.");
  return def;
}

/** The template with `site` and `site_url` among its variables (what a stored version may use). */
function withSiteVariables(def: TemplateDef): TemplateDef {
  return { ...def, variables: { ...SITE_VARIABLE_TEXT, ...def.variables } };
}

const PARTS = [
  { name: "subject", label: "Subject" },
  { name: "text", label: "Text version" },
  { name: "html", label: "HTML version" },
] as const;

/**
 * /admin/email-templates (issue 30; decisions 0025, 0069): every mail and text message the product sends, listed
 * from code (`MESSAGE_TEMPLATES`) whether or not an administrator changed it. A save stores an override in
 * `message_templates` (only the parts that differ from the code's default); "Restore the default" removes it. Each
 * save keeps the previous version; a template's page previews it with sample values in the mail layout.
 */
export default defineResource({
  noun: "template",
  title: "Email templates",
  description:
    "Every mail and text message the site sends. Change a template's wording here (LiquidJS: {{ variable }} inserts a value); the site sends your version from then on. Restore the default to use the built-in wording again.",
  caption: "Mail and text message templates",
  searchLabel: "Search by name, description or subject",
  emptyText: "No template matches.",
  table: messageTemplates,
  id: messageTemplates.key,
  operations: ["update"],
  schema: EmailTemplateSchema,
  codeRows: {
    rows: () =>
      MAIL_AND_SMS_TEMPLATES.map((t) => ({
        key: t.key,
        kind: KIND_LABEL[t.kind],
        description: t.description,
        subject: t.subject ?? null,
        text: t.text,
        html: t.html ?? null,
      })),
    overrides: ["subject", "text", "html"],
    storedKey: "edited",
  },
  revisions: true,
  columns: [
    { key: "key", label: "Template", value: messageTemplates.key, primary: true, sortable: true, searchable: true },
    { key: "description", label: "What it is", value: fromCode, searchable: true, wrap: true, priority: 2 },
    {
      key: "kind",
      label: "Kind",
      value: fromCode,
      sortable: true,
      priority: 3,
      filter: {
        kind: "select",
        options: [
          { value: "Mail", label: "Mail" },
          { value: "Text message", label: "Text message" },
        ],
      },
    },
    { key: "subject", label: "Subject", value: messageTemplates.subject, searchable: true, optional: true, wrap: true },
    {
      key: "edited",
      label: "Wording",
      value: fromCode,
      format: "boolean",
      booleanLabels: ["Edited", "Default"],
      sortable: true,
      sortFirst: "desc",
      priority: 1,
      filter: { kind: "boolean", yes: "Edited", no: "Default" },
    },
  ],
  fields: [
    {
      name: "subject",
      label: "Subject",
      kind: "text",
      help: "Mails only; a text message has none. Leave the default's words to follow future improvements.",
    },
    {
      name: "text",
      label: "Text version",
      kind: "textarea",
      rows: 12,
      help: "What a mail shows as plain text, or the text message.",
    },
    {
      name: "html",
      label: "HTML version",
      kind: "textarea",
      rows: 14,
      help: "Mails only: the body inside the site's mail layout. Values are escaped (a name can never add markup).",
    },
  ],
  defaultSort: { key: "key", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => String(row.key),
  validate: (values, { id }) => {
    const def = withSiteVariables(templateOf(id));
    const problems: Record<string, string[]> = {};
    for (const part of PARTS) {
      const source = values[part.name];
      if (typeof source !== "string" || source === "") continue;
      if (def.kind === "sms" && part.name !== "text") {
        problems[part.name] = [`A text message has no ${part.label.toLowerCase()}: leave it empty.`];
        continue;
      }
      const found = validateTemplate(def, source);
      if (found.length) problems[part.name] = found.map((p) => `${part.label}: ${p}`);
    }
    if (def.kind === "mail" && !values.subject) problems.subject = ["Enter the subject (a mail needs one)."];
    if (def.kind === "mail" && !values.html) problems.html = ["Enter the HTML version (a mail needs one)."];
    return problems;
  },
  prepare: (cols, { actor }) => ({ ...cols, updatedAt: new Date(), updatedBy: actor?.id ?? null }),
  formAside: (row) => {
    const def = withSiteVariables(templateOf(row.key));
    return {
      title: "Variables",
      description:
        "Write {{ name }} to insert one. Lists (terms, facts) are read with {% for t in terms %}{{ t.label }}{% endfor %}.",
      terms: Object.entries(def.variables).map(([term, description]) => ({ term, description })),
    };
  },
  rowActions: [
    {
      intent: "restore-default",
      label: "Restore the default",
      accessibleLabel: (row) => `Restore the default wording of ${String(row.key)}`,
      done: "restored to the default wording",
      when: "edited",
      keepsRevision: true,
      run: async ({ tx, id }) => {
        await removeTemplateOverride(tx, String(id));
      },
    },
    {
      intent: "send-test",
      label: "Send me a test",
      accessibleLabel: (row) => `Send me a test of ${String(row.key)}`,
      placement: "page",
      service: async ({ services, actor, id }) => {
        if (actor.impersonatedBy || !defineAbilityFor(actor).can("update", "MailTemplateAdmin")) {
          throw new AppError("FORBIDDEN", "Only administrators send test messages of templates.");
        }
        const template = templateOf(id);
        const out = await sendTemplateTest(
          { db: services.db, mailer: services.mailer, siteUrl: services.config.authUrl },
          { template, to: actor.email },
        );
        if (!out.sent) throw new AppError("UNPROCESSABLE", out.error);
        return `A test of “${template.key}” was sent to ${actor.email}, with the sample values.`;
      },
    },
  ],
  detail: {
    columns: [
      { key: "description", label: "What it is", value: fromCode },
      { key: "kind", label: "Kind", value: fromCode },
      { key: "edited", label: "Wording", value: fromCode, format: "boolean", booleanLabels: ["Edited", "Default"] },
    ],
    links: (row) => [{ label: "Edit the wording", href: resourcePaths("email-templates").edit(String(row.key)) }],
    sections: async ({ services, row }) => {
      const def = templateOf(row.key);
      const p = await previewTemplate({ db: services.db, siteUrl: services.config.authUrl }, { template: def });
      const description = "Rendered with sample values, as it is sent now.";
      if (!p.ok)
        return [{ title: "Preview", description, items: [{ label: "Problem", format: "text", value: p.error }] }];
      if (def.kind === "sms") {
        return [
          { title: "Preview", description, items: [{ label: "Text message", format: "preformatted", value: p.text }] },
        ];
      }
      return [
        {
          title: "Preview",
          description,
          items: [
            { label: "Subject", format: "text", value: p.subject },
            { label: "Mail", format: "document", value: p.document, widths: [375, 640] },
            { label: "Text version", format: "preformatted", value: p.text },
          ],
        },
      ];
    },
  },
});
