import { href } from "react-router";
import type { Db, Tx } from "~/db/client.server";
import type { Mailer, OutgoingMail } from "~/lib/mail.server";
import { mailLayout, renderTemplate, type TemplateDef } from "~/lib/templates.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { insertOutboxMessage } from "~/lib/mail.queries.server";
import { actionOf } from "./mail-events";
import { selectMailEventAction } from "./mail-events.queries.server";
import {
  deleteTemplateOverride,
  selectTemplateOverride,
  upsertTemplateOverride,
} from "./mail-templates.queries.server";

/**
 * Sends a mail from its template (the administrator's stored version, else the code default), in the one layout,
 * through the mailer (the outbox, and SMTP when configured). `site` (the site's name) and `site_url` are always
 * there for the template. Returns the outbox id.
 */
export async function sendTemplatedMail(
  deps: { db: Db | Tx; mailer: Mailer; siteUrl?: string },
  args: {
    template: TemplateDef;
    to: string;
    vars: Record<string, unknown>;
    fold?: OutgoingMail["fold"];
    /** `deps.db` is a transaction the outbox row is written in (see Mailer.send's `tx`). */
    inTransaction?: boolean;
  },
) {
  const site = await getSiteInfo(deps.db as Db);
  const siteUrl = deps.siteUrl ?? href("/");
  const vars = { site: site.siteName, site_url: siteUrl, ...args.vars };
  // The event's action (/admin/email-templates-actions): the template it sends now, or switched off.
  const action = actionOf(args.template, await selectMailEventAction(deps.db, args.template.key));
  const template = action.template;
  const override = await selectTemplateOverride(deps.db, template.key);
  const out = await renderTemplate(template, vars, override);
  const html = mailLayout(out.html, { name: site.siteName, url: siteUrl });
  if (!action.enabled) {
    // Recorded in the mail log as not sent, never delivered: the log says why a person got nothing.
    return insertOutboxMessage(deps.db as Db, {
      to: args.to,
      template: template.key,
      subject: out.subject,
      text: out.text,
      html,
      status: "skipped",
      lastError: `Not sent: the event “${args.template.key}” is switched off at /admin/email-templates-actions.`,
    });
  }
  return deps.mailer.send(
    {
      to: args.to,
      template: template.key,
      subject: out.subject,
      text: out.text,
      html,
      ...(args.fold ? { fold: args.fold } : {}),
    },
    args.inTransaction ? { tx: deps.db as Tx } : undefined,
  );
}

/**
 * Renders a template (the administrator's stored version, else the code default) with `site` and `site_url`, without
 * sending it: the text of an SMS, or a mail's subject reused as an in-app notification's title.
 */
export async function renderStoredTemplate(
  deps: { db: Db | Tx; siteUrl?: string },
  args: { template: TemplateDef; vars: Record<string, unknown> },
) {
  const site = await getSiteInfo(deps.db as Db);
  const vars = { site: site.siteName, site_url: deps.siteUrl ?? href("/"), ...args.vars };
  return renderTemplate(args.template, vars, await selectTemplateOverride(deps.db, args.template.key));
}

/**
 * The stored override of a template key (decision 0025), or null when the code default is used. For the editing
 * screens (the contract's sections); the caller checks who may read it.
 */
export function getTemplateOverride(db: Db | Tx, key: string) {
  return selectTemplateOverride(db, key);
}

/** Stores an administrator's version of a template key (null parts keep the default's); the caller validates it. */
export function storeTemplateOverride(
  db: Db | Tx,
  row: { key: string; subject: string | null; text: string | null; html: string | null; updatedBy: string | null },
) {
  return upsertTemplateOverride(db, row);
}

/** Removes the override of a key: the code default is used again. True when there was one. */
export function removeTemplateOverride(db: Db | Tx, key: string) {
  return deleteTemplateOverride(db, key);
}

// ---------------------------------------------------------------------------------------------------------------
// The editor's preview and test (/admin/email-templates, decision 0069)

/** The template's parts as they stand (the stored override over the default). */
async function currentParts(db: Db | Tx, def: TemplateDef): Promise<TemplateDef> {
  const o = await selectTemplateOverride(db, def.key);
  return { ...def, subject: o?.subject ?? def.subject, text: o?.text ?? def.text, html: o?.html ?? def.html };
}

export type TemplatePreview =
  | { ok: true; subject: string; text: string; html: string; document: string }
  | { ok: false; error: string };

/**
 * The template as it stands, rendered with its sample values in the site's mail layout (the document a mail client
 * shows). A part that fails to render is reported, not replaced by the default: this is where an editor sees it.
 */
export async function previewTemplate(
  deps: { db: Db | Tx; siteUrl?: string },
  args: { template: TemplateDef },
): Promise<TemplatePreview> {
  const site = await getSiteInfo(deps.db as Db);
  const siteUrl = deps.siteUrl ?? href("/");
  const vars = { site: site.siteName, site_url: siteUrl, ...(args.template.sample ?? {}) };
  try {
    const out = await renderTemplate(await currentParts(deps.db, args.template), vars);
    return { ok: true, ...out, document: mailLayout(out.html, { name: site.siteName, url: siteUrl }) };
  } catch (err) {
    return { ok: false, error: `The template cannot be rendered: ${(err as Error).message.split("\n")[0]}` };
  }
}

/**
 * Mails the template as it stands, with its sample values, to the signed-in administrator (through the outbox, as
 * every mail goes). A text message's template is mailed as its text. The caller checks the right to edit templates.
 */
export async function sendTemplateTest(
  deps: { db: Db | Tx; mailer: Mailer; siteUrl?: string },
  args: { template: TemplateDef; to: string },
) {
  const preview = await previewTemplate(deps, args);
  if (!preview.ok) return { sent: false as const, error: preview.error };
  const sms = args.template.kind === "sms";
  await deps.mailer.send({
    to: args.to,
    template: args.template.key,
    subject: sms ? `Test of the text message “${args.template.key}”` : `[Test] ${preview.subject}`,
    text: preview.text,
    html: sms
      ? mailLayout(`<p style="white-space:pre-line">${escapeText(preview.text)}</p>`, await siteOf(deps))
      : preview.document,
  });
  return { sent: true as const };
}

async function siteOf(deps: { db: Db | Tx; siteUrl?: string }) {
  const site = await getSiteInfo(deps.db as Db);
  return { name: site.siteName, url: deps.siteUrl ?? href("/") };
}

function escapeText(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
