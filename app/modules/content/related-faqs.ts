/**
 * The tool menu's FAQs panel (SPEC section 2 "Right-side tool menu ... related FAQs", issue 32): what the public call
 * `frontend.get-related-faqs` answered, as the panel shows it. Safe for the browser.
 */

export type FaqAudience = "buyer" | "seller";

/** One related FAQ: its question and its answer (rich text, sanitised when it was saved). */
export type RelatedFaq = { id: number; question: string; answer: string; audience: FaqAudience };

/** What the panel shows once the call has answered: the page's FAQs (none for a page that has none), or a failure. */
export type RelatedFaqsResult = { at: "done"; faqs: RelatedFaq[] } | { at: "failed" };

/**
 * The panel's state from the call's status and body. 200: the listed FAQs (an entry of another shape is left out).
 * 404 (no published page at that path: a listing, a resort, the search) and 400 (a path that cannot be a page's, like
 * the home page's "/"): the page has no related FAQs, which is not a failure. Anything else (a 5xx, a rate limit, a
 * body that is not the call's): a failure the visitor may retry.
 */
export function relatedFaqsResultOf(status: number, body: unknown): RelatedFaqsResult {
  if (status === 400 || status === 404) return { at: "done", faqs: [] };
  if (status !== 200) return { at: "failed" };
  const list = (body as { related_faqs?: unknown } | null)?.related_faqs;
  if (!Array.isArray(list)) return { at: "failed" };
  const faqs: RelatedFaq[] = [];
  for (const item of list as Record<string, unknown>[]) {
    const { id, title, description, audience } = item ?? {};
    if (typeof id !== "number" || typeof title !== "string" || typeof description !== "string") continue;
    faqs.push({ id, question: title, answer: description, audience: audience === "seller" ? "seller" : "buyer" });
  }
  return { at: "done", faqs };
}

/** The FAQs by audience, buyers' first, leaving out an audience with none (as the `faq-list` embed orders them). */
export function byAudience(faqs: RelatedFaq[]) {
  return (["buyer", "seller"] as const)
    .map((audience) => ({ audience, faqs: faqs.filter((f) => f.audience === audience) }))
    .filter((g) => g.faqs.length > 0);
}
