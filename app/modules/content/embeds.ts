/**
 * Issue 32 (decision 0078): the components a page's rich text may place with `<div data-embed="name"></div>`. The
 * names and what each shows (for the page form's help and the check on save); the data each needs is loaded by
 * `embeds.server.ts`, and `components/content/page-embeds.tsx` renders it. An unknown name is refused on save and shows
 * nothing if it is in a stored body.
 */
export const EMBEDS = {
  "contact-details": "The company's email, phones and opening hours, from the site settings.",
  "resale-rules-table": "The table of Disney's resale restrictions (2011, 2016, 2019) with their dates.",
  "seller-costs-table": "The table of a seller's costs, with the broker commission from the admin fees settings.",
  "net-proceeds-example":
    "The worked example of a seller's net proceeds (150 points at $110), with the current commission.",
} as const;

export type EmbedName = keyof typeof EMBEDS;

export const EMBED_NAMES = Object.keys(EMBEDS) as EmbedName[];

export function isEmbedName(name: string): name is EmbedName {
  return Object.hasOwn(EMBEDS, name);
}

const EMBED_DIV = /<div data-embed="([a-z0-9-]+)"><\/div>/g;

/** The embed names a (sanitised) body places, in order, each once. */
export function embedsIn(body: string): string[] {
  return [...new Set([...body.matchAll(EMBED_DIV)].map((m) => m[1]))];
}

/** A sanitised body cut at its embeds: HTML pieces and the names between them. */
export function splitAtEmbeds(body: string): ({ html: string } | { embed: string })[] {
  const parts = body.split(EMBED_DIV);
  return parts
    .map((part, i): { html: string } | { embed: string } => (i % 2 === 1 ? { embed: part } : { html: part }))
    .filter((p) => !("html" in p) || (p.html ?? "").trim() !== "");
}
