import { type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { MARK_CLOSE, MARK_OPEN } from "./search";
import type { SearchSource } from "./sources";

const qb = new QueryBuilder();

/** Text safe to index and excerpt: HTML tags and the common entities out (html sources), the sentinels out. */
function plain(expr: SQL, html: boolean): SQL {
  let e = sql`coalesce(${expr}::text, '')`;
  if (html) {
    // Script and style blocks go whole, other tags become spaces, then the common entities are decoded (`&lt;` and
    // `&gt;` too: a decoded "<b>" reads as a tag to the text parser and is left out of excerpts, never shown as one).
    e = sql`regexp_replace(${e}, '<(script|style)[^>]*>.*?</\\1\\s*>', ' ', 'gis')`;
    e = sql`replace(replace(replace(replace(replace(regexp_replace(${e}, '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&')`;
  }
  e = sql`btrim(regexp_replace(${e}, '\\s+', ' ', 'g'))`;
  return sql`translate(${e}, ${MARK_OPEN + MARK_CLOSE}, '')`;
}

function sourceSql(source: SearchSource): SQL {
  const c = source.columns;
  const start = qb.select({
    id: sql`${c.id}`.as("id"),
    title: sql`${c.title}`.as("title"),
    body: sql`${c.body}`.as("body"),
    ref: sql`${c.ref}`.as("ref"),
    updated: sql`${c.updated}`.as("updated"),
  });
  const select = source.from(start as never).where(source.filter);
  return sql`select ${source.kind}::text as kind, s.id::text as id, ${plain(sql`s.title`, false)} as title, ${plain(
    sql`s.body`,
    source.html === true,
  )} as body, s.ref::text as ref, s.updated::timestamptz as updated from (${select}) s`;
}

const HEADLINE = `StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}, MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
const TITLE_HEADLINE = `StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}, HighlightAll=true`;

export type SearchRowFound = {
  kind: string;
  id: string;
  ref: string | null;
  updated: Date | string | null;
  rank: number | string;
  total: number | string;
  title: string;
  title_hl: string;
  excerpt: string;
};

/**
 * The hits of a tsquery over the sources' union: per kind the best `perKind` by rank, with each kind's total, the
 * highlighted title and excerpt (sentinel marks, see search.ts). The tsvector is computed at query time (decision
 * 0082: the sources join and strip HTML, and their tables are small).
 */
export async function selectSearchHits(
  db: Db,
  input: { query: string; sources: SearchSource[]; perKind: number },
): Promise<SearchRowFound[]> {
  const { query, sources, perKind } = input;
  if (sources.length === 0) return [];
  const union = sql.join(sources.map(sourceSql), sql` union all `);
  const result = await db.execute(sql`
    with q as (select to_tsquery('english', ${query}) as q),
    docs as (
      select d.*, setweight(to_tsvector('english', d.title), 'A') || setweight(to_tsvector('english', d.body), 'B') as doc
      from (${union}) d
    ),
    hits as (
      select docs.kind, docs.id, docs.title, docs.body, docs.ref, docs.updated,
        ts_rank('{0.02, 0.05, 0.2, 1.0}', docs.doc, q.q) as rank
      from docs, q where docs.doc @@ q.q
    ),
    ranked as (
      select hits.*, row_number() over (partition by kind order by rank desc, updated desc nulls last, id) as n,
        count(*) over (partition by kind) as total
      from hits
    )
    select ranked.kind, ranked.id, ranked.ref, ranked.updated, ranked.rank, ranked.total, ranked.title,
      ts_headline('english', ranked.title, q.q, ${TITLE_HEADLINE}) as title_hl,
      ts_headline('english', ranked.body, q.q, ${HEADLINE}) as excerpt
    from ranked, q
    where ranked.n <= ${perKind}
    order by ranked.rank desc, ranked.kind, ranked.n
  `);
  return (result as unknown as { rows: SearchRowFound[] }).rows;
}
