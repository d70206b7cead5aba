/**
 * Issue 32 (decision 0078): the components a page's rich text may place with `<div data-embed="name"></div>`. The
 * names and what each shows (for the page form's help and the check on save); the data each needs is loaded by
 * `embeds.server.ts`, and `components/content/page-embeds.tsx` renders it. An unknown name is refused on save and shows
 * nothing if it is in a stored body.
 */
export const EMBEDS = {
  "contact-details": "The company's email, phones and opening hours, from the site settings.",
  "contact-form":
    "The contact form: name, email, optional phone, topic and message, kept at /admin/contact-messages and mailed to the site's address.",
  "resale-rules-table": "The table of Disney's resale restrictions (2011, 2016, 2019) with their dates.",
  "seller-costs-table": "The table of a seller's costs, with the broker commission from the admin fees settings.",
  "net-proceeds-example":
    "The worked example of a seller's net proceeds (150 points at $110), with the current commission.",
  // Issue 32 (decision 0079): the written pages' figures from the product's own data, and the FAQ list.
  "median-days-on-market": "The median days from listing to accepted offer and to closing, from our own sales.",
  "broker-comparison": "The brokers on record with their commission and active listings, against ours.",
  "commission-table": "Our commission on example sale prices, from the admin fees settings.",
  "faq-list": "Every published question and answer, for buyers then for sellers (/admin/related-faqs).",
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

export type BodyPart = { html: string } | { embed: string };
export type BodySection = { id: string | null; heading: string; parts: BodyPart[] };

/**
 * A sanitised body as the page shows it: the text before its first h2 (the introduction), then one section per h2,
 * each cut at its embeds. A heading's anchor (`<h2 id="closing">`) becomes its section's id, so /how-dvc-works#closing
 * lands on the whole section as it did when the page was code.
 */
export function bodySections(body: string): { intro: BodyPart[]; sections: BodySection[] } {
  const chunks = body.split(/(?=<h2[\s>])/);
  const intro = chunks[0].startsWith("<h2") ? [] : splitAtEmbeds(chunks.shift() ?? "");
  const sections = chunks.map((chunk) => {
    const m = /^<h2(?: id="([a-z0-9-]+)")?>([\s\S]*?)<\/h2>/.exec(chunk);
    if (!m) return { id: null, heading: "", parts: splitAtEmbeds(chunk) };
    return { id: m[1] ?? null, heading: m[2], parts: splitAtEmbeds(chunk.slice(m[0].length)) };
  });
  return { intro, sections };
}

/** The id of a FAQ's entry in the `faq-list` embed, so that a link (a search hit) opens the FAQ page at it. */
export const faqAnchor = (id: number | string) => `faq-${id}`;
