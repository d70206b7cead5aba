import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { formatNumber } from "~/lib/format";

/** One entry of the numbered pages: a page, or a gap ("…") between two that are not next to each other. */
export type PagerItem = { kind: "page"; page: number; wide: boolean } | { kind: "gap"; key: string };

/**
 * The numbered pages shown for `page` of `total`: the first and the last, the current one with one on each side,
 * and a gap where pages are left out (1 … 5 6 7 … 20). `wide` marks those shown only from the `sm` breakpoint: on a
 * phone the row is the current page and its neighbours, beside First and Last. Seven pages or fewer are all shown.
 */
export function pagerItems(page: number, total: number): PagerItem[] {
  if (total <= 1) return [];
  const current = Math.min(Math.max(1, page), total);
  // On a phone: three pages around the current one (two at either end of the list).
  const narrowFrom = Math.max(1, Math.min(current - 1, total - 2));
  const narrow = new Set([narrowFrom, narrowFrom + 1, narrowFrom + 2].filter((p) => p <= total));
  const shown =
    total <= 7
      ? Array.from({ length: total }, (_, i) => i + 1)
      : [...new Set([1, ...narrow, current - 1, current, current + 1, total])]
          .filter((p) => p >= 1 && p <= total)
          .sort((a, b) => a - b);
  const items: PagerItem[] = [];
  shown.forEach((p, i) => {
    if (i > 0 && p - shown[i - 1] > 1) items.push({ kind: "gap", key: `gap-${shown[i - 1]}` });
    items.push({ kind: "page", page: p, wide: !narrow.has(p) });
  });
  return items;
}

const box =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-2 text-sm font-medium tabular-nums";
const linkBox = `${box} border-slate-300 bg-white text-sky-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700`;

/** First, Previous, Next or Last: a link, or a dimmed box that is not a link (no focus stop) at either end. */
function Step({
  to,
  rel,
  label,
  icon,
  iconAfter,
}: {
  to: string | null;
  rel?: "prev" | "next";
  label: string;
  icon: ReactNode;
  iconAfter?: boolean;
}) {
  const content = (
    <>
      {iconAfter ? null : icon}
      {/* The word shows from sm; on a phone the arrow alone, with the word for screen readers. */}
      <span className="sr-only sm:not-sr-only">{label}</span>
      <span className="sr-only"> page</span>
      {iconAfter ? icon : null}
    </>
  );
  return (
    <li>
      {to === null ? (
        <span aria-disabled="true" className={`${box} border-slate-200 bg-slate-50 text-slate-400`}>
          {content}
        </span>
      ) : (
        <Link to={to} rel={rel} className={linkBox}>
          {content}
        </Link>
      )}
    </li>
  );
}

/**
 * Numbered pages with First, Previous, Next and Last, for any paged list (search results, admin tables): plain links,
 * so paging works without JavaScript and with the keyboard; the current page carries aria-current="page"; on a
 * 375 px phone the row holds the arrows and three pages. "Page 3 of 12" under it says where the list is. Nothing
 * for a single page.
 */
export function Pager({
  page,
  totalPages,
  hrefFor,
  label = "Pages",
  className = "mt-8",
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** The navigation's name, when a page has more than one pager. */
  label?: string;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const iconClass = "size-4 shrink-0";
  return (
    <nav aria-label={label} className={`flex flex-col items-center gap-2 ${className}`}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <Step
          to={current > 1 ? hrefFor(1) : null}
          label="First"
          icon={<ChevronsLeft aria-hidden="true" className={iconClass} />}
        />
        <Step
          to={current > 1 ? hrefFor(current - 1) : null}
          rel="prev"
          label="Previous"
          icon={<ChevronLeft aria-hidden="true" className={iconClass} />}
        />
        {pagerItems(current, totalPages).map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} aria-hidden="true" className="hidden w-6 text-center text-slate-500 sm:block">
              …
            </li>
          ) : (
            <li key={item.page} className={item.wide ? "hidden sm:block" : undefined}>
              <Link
                to={hrefFor(item.page)}
                aria-current={item.page === current ? "page" : undefined}
                className={
                  item.page === current
                    ? `${box} border-sky-800 bg-sky-800 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700`
                    : linkBox
                }
              >
                <span className="sr-only">Page </span>
                {formatNumber(item.page)}
              </Link>
            </li>
          ),
        )}
        <Step
          to={current < totalPages ? hrefFor(current + 1) : null}
          rel="next"
          label="Next"
          icon={<ChevronRight aria-hidden="true" className={iconClass} />}
          iconAfter
        />
        <Step
          to={current < totalPages ? hrefFor(totalPages) : null}
          label="Last"
          icon={<ChevronsRight aria-hidden="true" className={iconClass} />}
          iconAfter
        />
      </ul>
      <p className="text-sm text-slate-700">
        Page {formatNumber(current)} of {formatNumber(totalPages)}
      </p>
    </nav>
  );
}
