import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { highlightHtml, type SearchAnswer, type SearchGroup, type SearchHit, termProblem, termWords } from "./search";
import { selectSearchHits } from "./search.queries.server";
import { SEARCH_SOURCES, type SearchSource } from "./sources";

/** Results shown per kind; the group's count says how many matched in all. */
export const HITS_PER_KIND = 8;

/**
 * The tsquery text for a term: each word a prefix (`lake:*`), all words required. Words are letters and digits only,
 * so nothing a visitor types can break the query's syntax; `to_tsquery('english', ...)` stems them and drops stop
 * words.
 */
export function prefixQuery(term: string): string {
  return termWords(term)
    .map((w) => `${w.toLowerCase()}:*`)
    .join(" & ");
}

/**
 * dvc.search/{term} (SPEC section 7) and the /search page: PostgreSQL full-text search over every source
 * (decision 0082). Title weight A, body weight B; ranked by `ts_rank` (a title hit outranks a body hit); title and
 * excerpt highlighted by `ts_headline` and returned as HTML whose only tags are `<mark>`. A term with fewer than two
 * letters or digits is refused (BAD_INPUT) without a query.
 */
export async function searchSite(
  db: Db,
  input: { term: string; sources?: SearchSource[]; perKind?: number },
): Promise<SearchAnswer> {
  const term = input.term.trim();
  const problem = termProblem(term);
  if (problem) throw new AppError("BAD_INPUT", problem, { term: [problem] });
  const sources = input.sources ?? SEARCH_SOURCES;
  const perKind = input.perKind ?? HITS_PER_KIND;
  const rows = await selectSearchHits(db, { query: prefixQuery(term), sources, perKind });
  const byKind = new Map(sources.map((s) => [s.kind, s]));
  const groups = new Map<string, SearchGroup>();
  const pages: SearchHit[] = [];
  for (const r of rows) {
    const source = byKind.get(r.kind);
    if (!source) continue;
    const hit: SearchHit = {
      kind: r.kind,
      label: source.label,
      id: r.id,
      title: r.title,
      titleHtml: highlightHtml(r.title_hl),
      excerptHtml: highlightHtml(r.excerpt),
      url: source.url(r.ref ?? "", { id: r.id }),
      updated: r.updated ? new Date(r.updated).toISOString() : null,
      rank: Number(r.rank),
    };
    pages.push(hit);
    const group = groups.get(r.kind) ?? { kind: r.kind, label: source.label, count: Number(r.total), hits: [] };
    group.hits.push(hit);
    groups.set(r.kind, group);
  }
  // Groups in the sources' order, so the page and the panel read the same every time.
  const ordered = sources.flatMap((s) => {
    const g = groups.get(s.kind);
    return g ? [g] : [];
  });
  return { term, total: ordered.reduce((n, g) => n + g.count, 0), groups: ordered, pages };
}

/**
 * The /search page's answer: nothing asked (no `q`): nothing searched; a term that cannot be searched: its message,
 * no query; otherwise the answer.
 */
export async function findForPage(
  db: Db,
  rawTerm: string,
): Promise<{ term: string; answer: SearchAnswer | null; problem: string | null }> {
  const term = rawTerm.trim().slice(0, 200);
  if (!term) return { term, answer: null, problem: null };
  const problem = termProblem(term);
  if (problem) return { term, answer: null, problem };
  return { term, answer: await searchSite(db, { term }), problem: null };
}
