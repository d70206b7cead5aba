/**
 * Landing pages (issue 33): content pages of type "landing", each with a hero (the heading, a line under it and the
 * page's picture) and one call to action. The call to action leads to a page of this site ("/sign-up/new?role=seller")
 * or to a secure address elsewhere ("https://..."); nothing else (no "javascript:", no "//host" that leaves the site
 * while looking like a path).
 */
export function isCallToActionHref(v: string): boolean {
  if (/^\/(?![/\\])[^\s]*$/.test(v)) return true;
  try {
    const url = new URL(v);
    return url.protocol === "https:" && url.hostname.includes(".") && !/\s/.test(v);
  } catch {
    return false;
  }
}

export const CTA_HREF_MESSAGE =
  "Enter where the button leads: a page of this site starting with / (like /sign-up/new?role=seller) or an address starting with https://.";

/** The problems of a landing page's hero, by field (empty when it has what a landing page needs). */
export function landingProblems(values: Record<string, unknown>): Record<string, string[]> {
  if (values.pageType !== "landing") return {};
  const errors: Record<string, string[]> = {};
  if (!values.ctaLabel) errors.ctaLabel = ["A landing page needs its button's words, like “List your contract”."];
  if (!values.ctaHref) errors.ctaHref = ["A landing page needs the address its button leads to."];
  return errors;
}
