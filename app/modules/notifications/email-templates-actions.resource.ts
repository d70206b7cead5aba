import { z } from "zod";
import { mailEventActions } from "~/db/schema";
import { defineResource, fromCode } from "~/modules/admin/resource";
import { restoreMailEventDefault } from "./mail-events.server";
import { MAIL_EVENTS, templateChoiceProblem, templatesForEvent } from "./mail-events";
import { templateByKey } from "./message-templates.catalogue";

const TEMPLATE_OPTIONS = MAIL_EVENTS.map((t) => ({ value: t.key, label: t.key }));

export const MailEventActionSchema = z.object({
  templateKey: z.enum(MAIL_EVENTS.map((t) => t.key) as [string, ...string[]], {
    message: "Choose a mail template from the list.",
  }),
  enabled: z.boolean(),
});

/**
 * /admin/email-templates-actions (issue 33; SPEC section 2): every event that sends a mail, the template it sends
 * and whether it sends at all. Rows come from code (one event per mail template); a save stores only what differs
 * from the default (the event's own template, switched on). An event switched off sends nothing: `sendTemplatedMail`
 * writes the mail to the log as "not sent" instead. The wording itself is edited at /admin/email-templates.
 */
export default defineResource({
  noun: "event",
  title: "Email template actions",
  description:
    "Which mail each event sends, and whether it sends one at all. An event switched off sends nothing; the mail log shows each mail it held back as “Not sent”. An event may send another template only when that template is written for the same values (the offer mails among themselves, the agreement mails among themselves). Edit the wording itself under Email templates.",
  caption: "Mail events and the template each sends",
  searchLabel: "Search by event or description",
  emptyText: "No event matches.",
  table: mailEventActions,
  id: mailEventActions.event,
  operations: ["update"],
  schema: MailEventActionSchema,
  codeRows: {
    rows: () =>
      MAIL_EVENTS.map((t) => ({ event: t.key, description: t.description, templateKey: t.key, enabled: true })),
    overrides: ["templateKey", "enabled"],
    storedKey: "changed",
  },
  revisions: true,
  columns: [
    { key: "event", label: "Event", value: mailEventActions.event, primary: true, sortable: true, searchable: true },
    { key: "description", label: "When it is sent", value: fromCode, searchable: true, wrap: true, priority: 2 },
    { key: "templateKey", label: "Sends", value: mailEventActions.templateKey, sortable: true, priority: 1 },
    {
      key: "enabled",
      label: "Switched",
      value: mailEventActions.enabled,
      format: "boolean",
      booleanLabels: ["On", "Off"],
      sortable: true,
      priority: 1,
      filter: { kind: "boolean", yes: "On", no: "Off" },
    },
    {
      key: "changed",
      label: "Setting",
      value: fromCode,
      format: "boolean",
      booleanLabels: ["Changed", "Default"],
      sortable: true,
      sortFirst: "desc",
      priority: 3,
      filter: { kind: "boolean", yes: "Changed", no: "Default" },
    },
  ],
  fields: [
    {
      name: "templateKey",
      label: "Template it sends",
      kind: "select",
      options: TEMPLATE_OPTIONS,
      help: "The event's own template, or another written for the same values (listed beside the form).",
    },
    {
      name: "enabled",
      label: "Send this mail",
      kind: "checkbox",
      help: "Untick to hold every mail of this event back; each one is logged as not sent.",
    },
  ],
  defaultSort: { key: "event", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => String(row.event),
  validate: (values, { id }): Record<string, string[]> => {
    const problem = templateChoiceProblem(String(id), String(values.templateKey ?? ""));
    return problem ? { templateKey: [problem] } : {};
  },
  prepare: (cols, { actor }) => ({ ...cols, updatedAt: new Date(), updatedBy: actor?.id ?? null }),
  formAside: (row) => {
    const event = templateByKey(String(row.event));
    if (!event) return null;
    return {
      title: "Templates this event may send",
      description: "Those written for the values this event supplies. The event's own comes first.",
      terms: [event, ...templatesForEvent(event).filter((t) => t.key !== event.key)].map((t) => ({
        term: t.key,
        description: t.description,
      })),
    };
  },
  rowActions: [
    {
      intent: "restore-default",
      label: "Restore the default",
      accessibleLabel: (row) => `Restore the default action of ${String(row.event)}`,
      done: "restored to its own template, switched on",
      when: "changed",
      keepsRevision: true,
      run: async ({ tx, id }) => {
        await restoreMailEventDefault(tx, String(id));
      },
    },
  ],
});
