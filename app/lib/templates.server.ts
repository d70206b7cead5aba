import { Liquid } from "liquidjs";
import { logger } from "./logger.server";

/**
 * Texts the product sends or prints (mails now; SMS and the contract's sections next) are LiquidJS templates stored
 * as data with a code default (ARCHITECTURE rule 13; decision 0025). A module declares its templates with
 * `defineTemplate`; a row in `message_templates` with the same key, written by an administrator, overrides the
 * default's parts it sets. Rendering is safe for text from people: in HTML every `{{ value }}` is escaped, no file
 * is ever read (`include` and `render` find only in-memory templates: none), and parse and render are capped.
 */

export type TemplateKind = "mail" | "sms" | "contract-section";

export type TemplateDef = {
  key: string;
  kind: TemplateKind;
  /** What it is for, for the administrator who edits it. */
  description: string;
  /** The variables it may use, with what each holds. */
  variables: Record<string, string>;
  /**
   * Realistic values of its variables for the editor's preview and "Send me a test" (decision 0069); `site` and
   * `site_url` come from the site. Every mail and SMS template has one (checked by the catalogue's test).
   */
  sample?: Record<string, unknown>;
  subject?: string;
  text: string;
  /** The HTML body (mail); the layout wraps it. */
  html?: string;
};

/** What an administrator stored for a key (null parts keep the default's). */
export type TemplateOverride = { subject: string | null; text: string | null; html: string | null };

export function defineTemplate(def: TemplateDef): TemplateDef {
  return def;
}

const LIMITS = { parseLimit: 100_000, renderLimit: 1_000, memoryLimit: 10_000_000 };
const html = new Liquid({ outputEscape: "escape", ownPropertyOnly: true, templates: {}, ...LIMITS });
const plain = new Liquid({ ownPropertyOnly: true, templates: {}, ...LIMITS });

export type Rendered = { subject: string; text: string; html: string };

/**
 * Renders a template's parts with `vars`, the stored override first; an override that fails to parse or render is
 * logged and the code default is used instead, so a bad edit never stops a mail.
 */
export async function renderTemplate(
  def: TemplateDef,
  vars: Record<string, unknown>,
  override: TemplateOverride | null = null,
): Promise<Rendered> {
  if (override) {
    try {
      return await renderParts(
        {
          subject: override.subject ?? def.subject ?? "",
          text: override.text ?? def.text,
          html: override.html ?? def.html ?? "",
        },
        vars,
      );
    } catch (err) {
      logger.error({ err, key: def.key }, "stored template failed; the code default was used");
    }
  }
  return renderParts({ subject: def.subject ?? "", text: def.text, html: def.html ?? "" }, vars);
}

async function renderParts(parts: Rendered, vars: Record<string, unknown>): Promise<Rendered> {
  const [subject, text, body] = await Promise.all([
    plain.parseAndRender(parts.subject, vars),
    plain.parseAndRender(parts.text, vars),
    html.parseAndRender(parts.html, vars),
  ]);
  return { subject: subject.replace(/\s+/g, " ").trim(), text, html: body };
}

/**
 * The problems of a template text an administrator wrote: a syntax error, or a variable the template does not have
 * (for the editing screen to show before anything is stored). Empty when it is fine.
 */
export function validateTemplate(def: TemplateDef, source: string): string[] {
  try {
    const tpl = plain.parse(source);
    const allowed = new Set(Object.keys(def.variables));
    const used = plain.globalVariablesSync(tpl);
    return used.filter((v) => !allowed.has(v)).map((v) => `The template has no variable “${v}”.`);
  } catch (err) {
    return [`The template cannot be read: ${(err as Error).message.split("\n")[0]}`];
  }
}

/** The one mail layout: the site's name above the body, a footer below. */
export function mailLayout(body: string, site: { name: string; url: string }) {
  const name = escapeHtml(site.name);
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:600px;margin:0 auto;padding:24px"><p style="font-size:18px;font-weight:bold;margin:0 0 16px"><a href="${escapeHtml(site.url)}" style="color:#0c4a6e;text-decoration:none">${name}</a></p><div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:20px;line-height:1.5">${body}</div><p style="font-size:12px;color:#475569;margin:16px 0 0">You get this message because of your ${name} account or a request made on our site.</p></div></body></html>`;
}

function escapeHtml(s: string) {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}
