import { searchText } from "./fields";

/**
 * The query string of an admin list (the one `DataTable`): `page`, `sort`, `dir` and `q`.
 * Parsing never fails: an unknown sort column, a bad direction or a bad page falls back to
 * the list's default, so a hand-edited or stale link still shows the list.
 */
export type SortDirection = "asc" | "desc";

export type ListQuery<S extends string> = {
  page: number;
  sort: S;
  dir: SortDirection;
  /** The search text, trimmed; empty when there is none. */
  q: string;
};

export const LIST_SEARCH_MAX = 100;

type RawListQuery = { page?: string | null; sort?: string | null; dir?: string | null; q?: string | null };

/** Reads `page`, `sort`, `dir` and `q` from URLSearchParams for a service. */
export function listQueryInput(params: URLSearchParams): RawListQuery {
  return { page: params.get("page"), sort: params.get("sort"), dir: params.get("dir"), q: params.get("q") };
}

export function parseListQuery<S extends string>(
  raw: RawListQuery,
  opts: { sorts: readonly S[]; defaultSort: S; defaultDir: SortDirection },
): ListQuery<S> {
  const sort = (opts.sorts as readonly string[]).includes(raw.sort ?? "") ? (raw.sort as S) : opts.defaultSort;
  const dir: SortDirection =
    sort === raw.sort && (raw.dir === "asc" || raw.dir === "desc")
      ? raw.dir
      : sort === opts.defaultSort
        ? opts.defaultDir
        : "asc";
  const n = Number(raw.page);
  const page = raw.page && /^\d{1,7}$/.test(raw.page) && n >= 1 ? n : 1;
  const q = searchText(raw.q, LIST_SEARCH_MAX);
  return { page, sort, dir, q };
}

/** A page number kept inside 1..pageCount once the total is known. */
export function clampPage(page: number, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(page, pageCount), pageCount };
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern; the text matched anywhere. */
export function containsPattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The one paged query of the app's lists: reads the page asked for and keeps it inside 1..pageCount (a stale link to
 * page 9 of 3 shows page 3). `count` and `rows` are the list's own queries, built in its queries file.
 * The count is sent only when the page cannot tell the total: a page that is neither full nor empty ends the list,
 * so the total is the rows before it plus its own (issue 34: most people's lists of offers fit on one page, and the
 * count was a second round trip on every signed-in profile page). An empty page past the end is read again at the
 * last page.
 */
export async function selectPaged<R>(args: {
  count: () => PromiseLike<{ total: number | bigint | string }[]>;
  rows: (limit: number, offset: number) => PromiseLike<R[]>;
  page: number;
  pageSize: number;
}): Promise<{ rows: R[]; total: number; page: number; pageCount: number }> {
  const offset = (args.page - 1) * args.pageSize;
  const rows = await args.rows(args.pageSize, offset);
  if (rows.length < args.pageSize && (rows.length > 0 || args.page === 1)) {
    const total = offset + rows.length;
    return { rows, total, ...clampPage(args.page, total, args.pageSize) };
  }
  const [{ total }] = await args.count();
  const { page, pageCount } = clampPage(args.page, Number(total), args.pageSize);
  if (page === args.page) return { rows, total: Number(total), page, pageCount };
  return { rows: await args.rows(args.pageSize, (page - 1) * args.pageSize), total: Number(total), page, pageCount };
}
