/** Site search, the parts the browser and the server share (no database): limits, messages, the answer's shape. */

/** Fewer letters than this match too much to be useful (and every word's prefix would match). */
export const MIN_TERM_LENGTH = 2;
export const MAX_TERM_LENGTH = 100;
/** SPEC section 9: the search panel waits this long after the last key before it asks. */
export const SEARCH_DEBOUNCE_MS = 350;

export const TERM_TOO_SHORT = `Type at least ${MIN_TERM_LENGTH} letters or digits to search.`;
export const TERM_TOO_LONG = `Shorten the search to at most ${MAX_TERM_LENGTH} characters.`;

/** One result: its kind (a source), title and excerpt as safe HTML whose only tags are `<mark>`s. */
export type SearchHit = {
  kind: string;
  label: string;
  id: string;
  title: string;
  titleHtml: string;
  excerptHtml: string;
  url: string;
  /** ISO date-time of the last change, when the source knows it. */
  updated: string | null;
  rank: number;
};

export type SearchGroup = { kind: string; label: string; count: number; hits: SearchHit[] };

export type SearchAnswer = { term: string; total: number; groups: SearchGroup[]; pages: SearchHit[] };

/** The words of a term, letters and digits only (everything else separates words); at most 8. */
export function termWords(term: string): string[] {
  return (term.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * The term checked: the message a person reads when it cannot be searched, else null. A term whose letters and digits
 * number fewer than MIN_TERM_LENGTH ("a", "  ", "?!") is refused without a query.
 */
export function termProblem(term: string): string | null {
  if (term.length > MAX_TERM_LENGTH) return TERM_TOO_LONG;
  if (termWords(term).join("").length < MIN_TERM_LENGTH) return TERM_TOO_SHORT;
  return null;
}

/** Where the highlight marks sit in `ts_headline`'s answer: private-use characters, removed from the text first. */
export const MARK_OPEN = "\uE000";
export const MARK_CLOSE = "\uE001";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text from `ts_headline` as HTML: everything escaped, then the sentinels become `<mark>` and `</mark>`. */
export function highlightHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
  // Balanced by construction, but a fragment cut mid-highlight must never leave a <mark> open.
  let open = false;
  let out = "";
  for (const ch of escaped) {
    if (ch === MARK_OPEN && !open) {
      out += "<mark>";
      open = true;
    } else if (ch === MARK_CLOSE && open) {
      out += "</mark>";
      open = false;
    } else if (ch !== MARK_OPEN && ch !== MARK_CLOSE) out += ch;
  }
  return open ? `${out}</mark>` : out;
}
