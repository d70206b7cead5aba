import type { Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { looksLikeRichText, plainTextBlocks, sanitizeRichText } from "~/lib/rich-text.server";
import { getSiteCommission } from "~/modules/settings/tweaks.server";
import { selectBestPractices } from "./content.queries.server";

export type BestPracticeBlock =
  | { kind: "p"; text: string }
  | { kind: "ul"; items: string[] }
  /** A section written in the rich-text editor (/admin/best-practices): its allow-listed HTML. */
  | { kind: "html"; html: string };
export type BestPracticeSection = {
  id: number;
  title: string;
  audience: "all" | "buyer" | "seller";
  blocks: BestPracticeBlock[];
};

/**
 * A section's body to blocks. Rich text (written in /admin/best-practices) is one block of its allow-listed HTML;
 * plain text (the seeded guide): paragraphs split by blank lines, "- " lines list items, never HTML.
 */
export function toBlocks(body: string): BestPracticeBlock[] {
  if (looksLikeRichText(body)) {
    const html = sanitizeRichText(body);
    return html ? [{ kind: "html", html }] : [];
  }
  return plainTextBlocks(body);
}

/**
 * The Best practices guide for the viewer: sections for everyone plus those for their role (buyers see buyer
 * sections, sellers seller sections; an administrator signed in as a user sees that user's).
 */
export async function listBestPractices(deps: { db: Db }, args: { actor: Viewer }): Promise<BestPracticeSection[]> {
  const audiences: ("all" | "buyer" | "seller")[] =
    args.actor.role === "seller"
      ? ["all", "seller"]
      : args.actor.role === "buyer"
        ? ["all", "buyer"]
        : ["all", "buyer", "seller"];
  const [rows, commission] = await Promise.all([selectBestPractices(deps.db, audiences), getSiteCommission(deps.db)]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    audience: r.audience,
    blocks: toBlocks(withSettings(r.body, { commission: commission.words })),
  }));
}

/**
 * A guide's figures that the money rules govern are written as `{{commission}}` and filled from the settings when
 * the guide is read, so the text never promises another figure than the one charged.
 */
export function withSettings(body: string, values: { commission: string }): string {
  return body.replace(/\{\{\s*commission\s*\}\}/g, values.commission);
}
