import { useId } from "react";
import { useIconSymbol } from "~/components/ui/lucide-icon";
import { ratingWords } from "../voices";

/** A star is 24 units wide (16 px); 3 units (2 px) lie between two. */
const STEP = 27;

/**
 * A rating in half stars, drawn (hidden from screen readers) and said in words. One small SVG for the five stars,
 * each a `<use>` of the page's star symbol: every page carries a few ratings in the shell's reviews panel (issue 34).
 */
export function Stars({ halves }: { halves: number }) {
  const id = useId();
  const clip = `${id}half`;
  // Lucide's star, the page's symbol (decision 0111), 24 units square.
  const star = { href: useIconSymbol("star"), width: 24, height: 24 };
  return (
    <span className="inline-flex items-center text-amber-600">
      <svg
        viewBox={`0 0 ${STEP * 5 - 3} 24`}
        aria-hidden="true"
        className="h-4 w-[5.5rem]"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {halves % 2 ? (
          <defs>
            <clipPath id={clip}>
              <rect width="12" height="24" />
            </clipPath>
          </defs>
        ) : null}
        {[0, 1, 2, 3, 4].map((n) => {
          const x = n * STEP;
          if (halves >= (n + 1) * 2) return <use key={n} {...star} x={x} fill="currentColor" />;
          return (
            <g key={n} transform={`translate(${x})`}>
              <use {...star} className="text-slate-300" />
              {halves === n * 2 + 1 ? <use {...star} fill="currentColor" clipPath={`url(#${clip})`} /> : null}
            </g>
          );
        })}
      </svg>
      <span className="sr-only">{ratingWords(halves)}</span>
    </span>
  );
}
