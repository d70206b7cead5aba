import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "./button";

export type DataTableColumn<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for this column's header and cells (alignment, width, hiding on small screens). */
  className?: string;
  /** Let long text wrap (cells stay on one line otherwise, and the table scrolls sideways on phones). */
  wrap?: boolean;
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
 * The one table of the app: columns, rows and, for long lists, pagination links built from
 * the current URL, so the page lives in the query string and works without JavaScript.
 */
export function DataTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  empty,
  pagination,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: ReactNode;
  pagination?: DataTablePagination;
}) {
  return (
    <div>
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
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={`px-4 py-2 font-semibold whitespace-nowrap ${c.className ?? ""}`}
                >
                  {c.header}
                </th>
              ))}
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
