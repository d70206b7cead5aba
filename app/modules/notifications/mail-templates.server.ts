import { href } from "react-router";
import type { Db, Tx } from "~/db/client.server";
import type { Mailer, OutgoingMail } from "~/lib/mail.server";
import { mailLayout, renderTemplate, type TemplateDef } from "~/lib/templates.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
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
  args: { template: TemplateDef; to: string; vars: Record<string, unknown>; fold?: OutgoingMail["fold"] },
) {
  const site = await getSiteInfo(deps.db as Db);
  const siteUrl = deps.siteUrl ?? href("/");
  const vars = { site: site.siteName, site_url: siteUrl, ...args.vars };
  const override = await selectTemplateOverride(deps.db, args.template.key);
  const out = await renderTemplate(args.template, vars, override);
  return deps.mailer.send({
    to: args.to,
    template: args.template.key,
    subject: out.subject,
    text: out.text,
    html: mailLayout(out.html, { name: site.siteName, url: siteUrl }),
    ...(args.fold ? { fold: args.fold } : {}),
  });
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
