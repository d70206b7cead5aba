import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { formatNumber } from "~/lib/format";
import { Pager } from "./pager";

/** One page of a faceted search as the results show it (the search's `meta`). */
export type ResultsMeta = { total: number; per_page: number; current_page: number; total_pages: number };

/** A dashed box with a message where results would be, for no match or a page past the last. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  );
}

/** A link inside an EmptyState (to clear the filters, or to a page that has results). */
export function EmptyStateLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mt-4 inline-block font-medium text-sky-800 underline">
      {children}
    </Link>
  );
}

/** The numbered pages of the results (the shared Pager): links, so paging works without JavaScript. */
export function ResultsPaging({ meta, hrefFor }: { meta: ResultsMeta; hrefFor: (page: number) => string }) {
  return <Pager page={meta.current_page} totalPages={meta.total_pages} hrefFor={hrefFor} />;
}

/**
 * The results of a faceted search: how many match ("1,234 listings", announced as it changes), which of them
 * this page shows, the page's items (children: `<li>` elements) in a grid, and the paging links. `empty` is
 * shown when nothing matches, `pastLast` when this page is past the last one.
 */
export function FacetResults({
  noun,
  meta,
  shown,
  notice,
  empty,
  pastLast,
  hrefFor,
  children,
}: {
  /** The item, singular and plural: ["listing", "listings"]. */
  noun: readonly [string, string];
  meta: ResultsMeta;
  /** How many items this page shows. */
  shown: number;
  /** Shown under the count (the comparison's state on /listings). */
  notice?: ReactNode;
  empty: ReactNode;
  pastLast: ReactNode;
  hrefFor: (page: number) => string;
  children: ReactNode;
}) {
  const from = (meta.current_page - 1) * meta.per_page + 1;
  return (
    <section aria-labelledby="results-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="results-heading" className="text-lg font-semibold text-slate-900" aria-live="polite">
          {formatNumber(meta.total)} {meta.total === 1 ? noun[0] : noun[1]}
        </h2>
        {shown > 0 ? (
          <p className="text-sm text-slate-700">
            Showing {formatNumber(from)}-{formatNumber(from + shown - 1)}
          </p>
        ) : null}
      </div>
      {notice}

      {meta.total === 0 ? (
        empty
      ) : shown === 0 ? (
        pastLast
      ) : (
        // Cards below the first screen skip style, layout and paint until scrolled near (content-visibility): a page
        // of 60 cards is about 4,000 elements, the most of a phone's first-paint work (issue 12, Lighthouse).
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3 *:[content-visibility:auto] *:[contain-intrinsic-size:auto_16rem]">
          {children}
        </ul>
      )}

      {shown > 0 ? <ResultsPaging meta={meta} hrefFor={hrefFor} /> : null}
    </section>
  );
}
