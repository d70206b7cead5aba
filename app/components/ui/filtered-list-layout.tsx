import type { ReactNode } from "react";

/**
 * The frame of a searchable list page (/listings, /rentals): heading and introduction, the notice for a link
 * with filters that were not understood, the filter panel (a collapsible "Filter and sort" on phones, a sidebar
 * from 1024 px that stays in view while the results scroll, and scrolls on its own when it is taller than the
 * window) and the results, dimmed while the next ones load.
 */
export function FilteredListLayout({
  title,
  intro,
  notice,
  activeFilters,
  filters,
  loading,
  children,
}: {
  title: string;
  intro: ReactNode;
  notice: boolean;
  /** How many filters are set, shown on the collapsed panel. */
  activeFilters: number;
  filters: ReactNode;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>
      </header>

      {notice ? (
        <p role="status" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          Some filters in the link were not understood and were ignored.
        </p>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
        {/* Focusable, so a keyboard can scroll the column when it is taller than the window. */}
        <aside
          aria-label="Filter and sort"
          data-testid="filter-column"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="focus-visible:outline-2 focus-visible:outline-sky-700 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain lg:pr-2 lg:pb-2"
        >
          <details className="group rounded-xl border border-slate-200 bg-slate-50 lg:border-0 lg:bg-transparent lg:[&::details-content]:[content-visibility:visible]">
            <summary className="cursor-pointer list-none px-4 py-3 font-semibold text-slate-900 lg:hidden [&::-webkit-details-marker]:hidden">
              <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
                ▸
              </span>
              Filter and sort
              {activeFilters > 0 ? <span className="font-normal text-slate-700"> ({activeFilters} active)</span> : null}
            </summary>
            <div className="px-4 pb-4 lg:p-0">{filters}</div>
          </details>
        </aside>
        <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
          {children}
        </div>
      </div>
    </div>
  );
}
