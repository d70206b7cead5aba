import { ArrowDown, ArrowUp, ArrowUpDown, Search } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button, buttonClass } from "./button";

export type DataTableColumn<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for this column's header and cells (alignment, width, hiding on small screens). */
  className?: string;
  /** Let long text wrap (cells stay on one line otherwise, and the table scrolls sideways on phones). */
  wrap?: boolean;
  /** The `sort` value that orders the list by this column; the header becomes a link (server-side sort). */
  sortKey?: string;
  /** The direction a first click on this column sorts in (default ascending; newest-first dates want `desc`). */
  sortFirst?: "asc" | "desc";
};

/** The list's current order, as read from the query string (`sort`, `dir`) by the server. */
export type DataTableSort = { column: string; dir: "asc" | "desc" };

/** The search box above the table: a GET form that sets `q` and keeps the other parameters. */
export type DataTableSearch = {
  /** The current search text (`q`). */
  value: string;
  /** The visible label, e.g. "Search by listing code, resort or seller". */
  label: string;
  placeholder?: string;
};

export type DataTablePagination = {
  page: number;
  pageCount: number;
  /** Total rows, shown beside the page number. */
  total?: number;
  /** The query-string parameter that holds the page (default `page`). */
  param?: string;
};

/** Keeps every other query-string parameter and sets the page; page 1 drops the parameter. */
export function pageHref(search: string, page: number, param = "page") {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : "?";
}

/**
 * Keeps every other query-string parameter, sets `sort` and `dir` and goes back to page 1
 * (the old page number means nothing in the new order).
 */
export function sortHref(search: string, column: string, dir: "asc" | "desc") {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.set("sort", column);
  params.set("dir", dir);
  return `?${params.toString()}`;
}

/**
 * The one table of the app: columns, rows and, for long lists, pagination links built from
 * the current URL, so the page lives in the query string and works without JavaScript.
 * With `sort`, headers of columns that have a `sortKey` are links that order the list on the
 * server (the sorted header carries `aria-sort`); with `search`, a GET form above the table
 * sets `q`. Both keep the other query-string parameters and go back to page 1.
 */
export function DataTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  empty,
  pagination,
  sort,
  search,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: ReactNode;
  pagination?: DataTablePagination;
  sort?: DataTableSort;
  search?: DataTableSearch;
}) {
  const { search: queryString } = useLocation();
  return (
    <div>
      {search && <SearchForm {...search} caption={caption} />}
      <section
        className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className={captionHidden ? "sr-only" : "px-4 pt-3 text-left font-semibold text-slate-900"}>
            {caption}
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-800">
            <tr>
              {columns.map((c) => {
                const sorted = sort && c.sortKey !== undefined && sort.column === c.sortKey ? sort.dir : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    className={`px-4 py-2 font-semibold whitespace-nowrap ${c.className ?? ""}`}
                  >
                    {sort && c.sortKey !== undefined ? (
                      <SortLink column={c} sorted={sorted} search={queryString} />
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-6 text-slate-700 md:text-center">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="align-top hover:bg-slate-50">
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={`px-4 py-2 text-slate-900 ${c.wrap ? "min-w-48 break-words" : "whitespace-nowrap"} ${c.className ?? ""}`}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {pagination && pagination.pageCount > 1 && <Pagination {...pagination} label={caption} />}
    </div>
  );
}

function SortLink<T>({
  column,
  sorted,
  search,
}: {
  column: DataTableColumn<T>;
  sorted: "asc" | "desc" | null;
  search: string;
}) {
  const next = sorted === "asc" ? "desc" : sorted === "desc" ? "asc" : (column.sortFirst ?? "asc");
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <Link
      to={sortHref(search, column.sortKey as string, next)}
      className="inline-flex items-center gap-1 rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-700"
    >
      {column.header}
      <Icon aria-hidden className={`size-3.5 ${sorted ? "text-slate-900" : "text-slate-500"}`} />
      <span className="sr-only">{next === "asc" ? ", sort ascending" : ", sort descending"}</span>
    </Link>
  );
}

function SearchForm({ value, label, placeholder, caption }: DataTableSearch & { caption: string }) {
  const { search } = useLocation();
  const id = useId();
  const kept = [...new URLSearchParams(search)].filter(([k]) => k !== "q" && k !== "page");
  return (
    <Form method="get" role="search" aria-label={`Search ${caption.toLowerCase()}`} className="mb-3 max-w-xl">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        {kept.map(([k, v], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat; its position is its identity
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={value}
          key={value}
          placeholder={placeholder}
          maxLength={100}
          className="min-w-0 flex-1 basis-48 rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm"
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="size-4" />
          Search
        </Button>
        {value ? (
          <Link
            to={(() => {
              const params = new URLSearchParams(kept);
              const qs = params.toString();
              return qs ? `?${qs}` : "?";
            })()}
            className="self-center text-sm text-sky-800 underline"
          >
            Clear search
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function Pagination({ page, pageCount, total, param = "page", label }: DataTablePagination & { label: string }) {
  const { search } = useLocation();
  const prev = page > 1 ? pageHref(search, page - 1, param) : null;
  const next = page < pageCount ? pageHref(search, page + 1, param) : null;
  const disabled = "pointer-events-none opacity-50";
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700">
        Page {page} of {pageCount}
        {total !== undefined && ` · ${total} in total`}
      </p>
      <div className="flex gap-2">
        {prev ? (
          <Link to={prev} rel="prev" className={buttonClass("secondary", "sm")}>
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={buttonClass("secondary", "sm", disabled)}>
            Previous
          </span>
        )}
        {next ? (
          <Link to={next} rel="next" className={buttonClass("secondary", "sm")}>
            Next
          </Link>
        ) : (
          <span aria-disabled="true" className={buttonClass("secondary", "sm", disabled)}>
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
