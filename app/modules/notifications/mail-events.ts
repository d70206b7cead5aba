import type { TemplateDef } from "~/lib/templates.server";
import { MESSAGE_TEMPLATES, templateByKey } from "./message-templates.catalogue";

/**
 * Mail events (issue 33, /admin/email-templates-actions): every mail the product sends is an event named after the
 * template the code sends for it (`offer-received`, `agreement-sent`...). An administrator may switch an event off
 * (nothing is sent; the mail log says so) or have it send another mail template written for the same values (the
 * offer mails share theirs, the agreement mails theirs, the one-time codes theirs): the chosen wording can never ask
 * for a value the event lacks, nor put an offer's link where a password reset's was meant.
 */

/** Every mail event: one per mail template of the catalogue, in its order. */
export const MAIL_EVENTS: readonly TemplateDef[] = MESSAGE_TEMPLATES.filter((t) => t.kind === "mail");

/** The variables of a template as one comparable text. */
function shapeOf(t: TemplateDef) {
  return Object.keys(t.variables).sort().join(",");
}

/** The mail templates an event may send: its own, and those declaring exactly its variables. */
export function templatesForEvent(event: TemplateDef): TemplateDef[] {
  return MAIL_EVENTS.filter((t) => shapeOf(t) === shapeOf(event));
}

/** Null when `templateKey` may be sent for the event, else the reason, in words. */
export function templateChoiceProblem(eventKey: string, templateKey: string): string | null {
  const event = templateByKey(eventKey);
  const chosen = templateByKey(templateKey);
  if (!event || event.kind !== "mail") return "There is no such mail event.";
  if (!chosen || chosen.kind !== "mail") return `There is no mail template “${templateKey}”.`;
  if (shapeOf(chosen) === shapeOf(event)) return null;
  return `“${templateKey}” is written for other values than the event “${eventKey}” supplies. Choose one of the templates listed beside the form.`;
}

/** What an event does now: the template it sends, or that it is switched off. */
export type MailEventAction = { enabled: true; template: TemplateDef } | { enabled: false; template: TemplateDef };

/** The action of an event from its stored row (null: the default, its own template, switched on). */
export function actionOf(event: TemplateDef, stored: { templateKey: string | null; enabled: boolean | null } | null) {
  const key = stored?.templateKey;
  const chosen = key && templateChoiceProblem(event.key, key) === null ? templateByKey(key) : undefined;
  return { enabled: stored?.enabled ?? true, template: chosen ?? event } as MailEventAction;
}
