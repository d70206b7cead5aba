import { useId } from "react";
import { ratingWords } from "../voices";

/** Lucide's star (the icon set used everywhere else), drawn once per rating and repeated with `<use>`. */
const STAR =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";
/** A star is 24 units wide (16 px); 3 units (2 px) lie between two. */
const STEP = 27;

/**
 * A rating in half stars, drawn (hidden from screen readers) and said in words. One small SVG for the five stars:
 * every public page carries a few ratings in the shell's reviews panel, and five icons each were 12 KB of its HTML
 * (issue 34).
 */
export function Stars({ halves }: { halves: number }) {
  const id = useId();
  const star = `#${id}star`;
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
        <defs>
          <path id={`${id}star`} d={STAR} />
          <clipPath id={`${id}half`}>
            <rect width="12" height="24" />
          </clipPath>
        </defs>
        {[0, 1, 2, 3, 4].map((n) => {
          const x = n * STEP;
          if (halves >= (n + 1) * 2) return <use key={n} href={star} x={x} fill="currentColor" />;
          return (
            <g key={n} transform={`translate(${x})`}>
              <use href={star} className="text-slate-300" />
              {halves === n * 2 + 1 ? <use href={star} fill="currentColor" clipPath={`url(#${id}half)`} /> : null}
            </g>
          );
        })}
      </svg>
      <span className="sr-only">{ratingWords(halves)}</span>
    </span>
  );
}
