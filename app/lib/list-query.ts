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
 * The one paged query of the app's lists: counts, keeps the page inside 1..pageCount (a stale link to page 9 of 3
 * shows page 3), then reads that page. `count` and `rows` are the list's own queries, built in its queries file.
 */
export async function selectPaged<R>(args: {
  count: () => PromiseLike<{ total: number | bigint | string }[]>;
  rows: (limit: number, offset: number) => PromiseLike<R[]>;
  page: number;
  pageSize: number;
}): Promise<{ rows: R[]; total: number; page: number; pageCount: number }> {
  const [{ total }] = await args.count();
  const { page, pageCount } = clampPage(args.page, Number(total), args.pageSize);
  const rows = await args.rows(args.pageSize, (page - 1) * args.pageSize);
  return { rows, total: Number(total), page, pageCount };
}
