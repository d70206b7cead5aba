import { type Insertion, spliced } from "./page-splices.server";

/** The end of the document's head, where React has hoisted the page's script preloads by then. */
const HEAD_END = Buffer.from("</head>");
/** A script preload as React Router's `<Scripts>` has React write it. */
const PRELOAD = Buffer.from('<link rel="modulepreload" ');
const LOW = Buffer.from('fetchpriority="low" ');

/**
 * A rendered page whose script preloads ask for low priority (decision 0112). The page is drawn from its HTML and its
 * one stylesheet; its scripts only make it interactive. At the browser's default (high) priority some 130-140 KB of
 * scripts share a slow connection with the stylesheet and hold back the first paint; at low priority the stylesheet
 * comes first, and the scripts still arrive in time for hydration. Only the head is looked at: a page's own text
 * cannot hold this markup unescaped, and the preloads are there. These are where the attribute goes.
 */
export function lowPriorityPreloadInsertions(html: Buffer): Insertion[] {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return [];
  const head = html.subarray(0, headEnd);
  const insertions: Insertion[] = [];
  for (let at = head.indexOf(PRELOAD); at >= 0; at = head.indexOf(PRELOAD, at + PRELOAD.length)) {
    insertions.push({ at: at + PRELOAD.length, bytes: LOW });
  }
  return insertions;
}

/** A rendered page whose script preloads ask for low priority; a page without any is returned as it is. */
export function withLowPriorityScriptPreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  return spliced(html, lowPriorityPreloadInsertions(html));
}
