import { ArrowDown, ArrowUp, ArrowUpDown, Search } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { Button, buttonClass } from "./button";
import { CARD, type ColumnPriority, givingWay, resolveColumns, sortLinksGivingWay } from "./data-table-layout";

export type DataTableColumn<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for this column's header and cells (width, colour). Prefer `numeric` and `priority` to hiding. */
  className?: string;
  /** Let long text wrap (cells stay on one line otherwise). */
  wrap?: boolean;
  /** The `sort` value that orders the list by this column; the header becomes a link (server-side sort). */
  sortKey?: string;
  /** The direction a first click on this column sorts in (default ascending; newest-first dates want `desc`). */
  sortFirst?: "asc" | "desc";
  /**
   * How much the column matters when the table's box is narrow (decision 0048): 1 (default) always shows; 2 gives way
   * under 48rem, 3 under 64rem, 4 under 80rem, its value then shown under the row's title. Never loses a value.
   */
  priority?: ColumnPriority;
  /** A number or an amount: right-aligned, tabular figures, never wrapped or cut. */
  numeric?: boolean;
  /** The row's title: first on a phone's card, and where the values of columns that gave way are listed. */
  primary?: boolean;
  /** The row's buttons: never give way; on a card, a line of their own. (A column keyed `actions` is one.) */
  actions?: boolean;
  /** The column's name in plain text, for cards, when `header` is not text. */
  label?: string;
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
 *
 * Responsive by its own width (decision 0048, `data-table-layout.ts`): a card per row under 42rem, columns that
 * give way by `priority` above it, numbers right-aligned and whole, the actions always in view. `layout="table"`
 * keeps a small table (or a side-by-side comparison) a table at every width; it scrolls sideways if it must.
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
  layout = "cards",
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
  /** `cards` (default): a card per row on narrow widths; `table`: always a table (small or side-by-side tables). */
  layout?: "cards" | "table";
}) {
  const { search: queryString } = useLocation();
  const frameRef = useRef<HTMLElement>(null);
  const sortable = (c: DataTableColumn<T>) => sort !== undefined && c.sortKey !== undefined;
  const resolved = resolveColumns(columns, { sortable, layout });
  const cards = layout === "cards";
  const card = (classes: string) => (cards ? classes : "");
  const anySortable = columns.some(sortable);
  const more = givingWay(resolved);
  const sortMore = sortLinksGivingWay(resolved, sortable);

  // A table that must scroll sideways (a narrow box without room for its columns) marks itself, so the actions
  // column, which stays in view, casts a shadow over what scrolls under it. Nothing but the shadow depends on it.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === "undefined") return;
    const check = () => frame.toggleAttribute("data-overflow", frame.scrollWidth > frame.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(frame);
    const table = frame.querySelector("table");
    if (table) observer.observe(table);
    check();
    return () => observer.disconnect();
  }, []);

  return (
    <div className="@container/table">
      {search && <SearchForm {...search} caption={caption} />}
      {sortMore.items.length > 0 && rows.length > 1 ? (
        <p className={`${sortMore.line} flex-wrap items-center gap-x-3 gap-y-1 pb-2 text-sm text-slate-700`}>
          Also sort by:
          {sortMore.items.map(({ column, className }) => (
            <span key={column.key} className={`${className} font-medium text-slate-900`}>
              <SortLink
                column={column}
                sorted={sort && sort.column === column.sortKey ? sort.dir : null}
                search={queryString}
              />
            </span>
          ))}
        </p>
      ) : null}
      <section
        ref={frameRef}
        className={`group/frame relative overflow-x-auto rounded-lg border border-slate-200 bg-white ${card(CARD.frame)}`}
        aria-label={caption}
        // `layout="table"` scrolls sideways on purpose (a comparison on a phone); the e2e layout checks allow it here.
        data-scrolls-sideways={cards ? undefined : ""}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        {cards && anySortable && rows.length > 1 ? (
          <p aria-hidden className="hidden pb-1 text-sm text-slate-700 @max-2xl/table:block">
            Sort by
          </p>
        ) : null}
        <table className={`w-full border-collapse text-left text-sm ${card(CARD.table)}`}>
          <caption
            className={
              captionHidden ? "sr-only" : `px-3 pt-3 text-left font-semibold text-slate-900 ${card(CARD.caption)}`
            }
          >
            {caption}
          </caption>
          <thead
            className={`border-b border-slate-200 bg-slate-50 text-slate-800 ${
              cards ? (anySortable && rows.length > 1 ? CARD.thead : "@max-2xl/table:sr-only") : ""
            }`}
          >
            <tr>
              {resolved.map(({ column: c, th, role }) => {
                const sorted = sort && c.sortKey !== undefined && sort.column === c.sortKey ? sort.dir : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    className={`${th} ${role === "actions" ? STICKY_ACTIONS_HEAD : ""}`}
                  >
                    {sortable(c) ? <SortLink column={c} sorted={sorted} search={queryString} /> : c.header}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={`divide-y divide-slate-200 ${card(CARD.tbody)}`}>
            {rows.length === 0 ? (
              <tr className={card(CARD.row)}>
                <td
                  colSpan={columns.length}
                  className={`px-4 py-6 text-slate-700 md:text-center ${card("@max-2xl/table:block")}`}
                >
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className={`bg-white align-top hover:bg-slate-50 ${card(CARD.row)}`}>
                  {resolved.map(({ column: c, td, role, label }) => (
                    <td
                      key={c.key}
                      className={`${td} ${role === "actions" ? `${STICKY_ACTIONS_CELL} ${card(CARD_ACTIONS_CELL)}` : ""}`}
                    >
                      {role === "field" && cards ? (
                        <>
                          {label ? (
                            <span
                              aria-hidden
                              className="hidden text-left font-medium text-slate-700 @max-2xl/table:block"
                            >
                              {label}
                            </span>
                          ) : null}
                          <span
                            className={`contents @max-2xl/table:block ${c.numeric ? "@max-2xl/table:shrink-0" : "@max-2xl/table:min-w-0"}`}
                          >
                            {c.cell(row)}
                          </span>
                        </>
                      ) : (
                        c.cell(row)
                      )}
                      {role === "primary" && more.length > 0 ? (
                        <dl className="text-xs font-normal whitespace-normal text-slate-700">
                          {more.map((m) => (
                            <div key={m.column.key} className={`${m.more} pt-1`}>
                              {m.label ? <dt className="inline font-medium text-slate-800">{m.label}: </dt> : null}
                              <dd className="inline">{m.column.cell(row)}</dd>
                            </div>
                          ))}
                        </dl>
                      ) : null}
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

/**
 * The actions column stays at the right edge if the table must scroll sideways (only in a box narrower than its
 * columns need); the row's background goes with it, and a shadow shows only while something scrolls under it.
 */
const STICKY_ACTIONS_HEAD =
  "sticky right-0 bg-slate-50 group-data-overflow/frame:shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.3)]";
const STICKY_ACTIONS_CELL =
  "sticky right-0 bg-inherit group-data-overflow/frame:shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.3)]";
/** On a card the actions are a line of their own, not sticky. */
const CARD_ACTIONS_CELL = "@max-2xl/table:static @max-2xl/table:shadow-none";

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
