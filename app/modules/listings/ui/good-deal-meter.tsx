/**
 * The good-deal meter: a listing's value score (0-100, 50 = the comparable median, higher = better value)
 * as a labelled bar, and the no-haggle badge. Pure markup: no JavaScript in the browser.
 */

/** The words for a score band; the same everywhere a score is shown. */
export function scoreLabel(score: number) {
  if (score >= 70) return { text: "Great value", className: "bg-emerald-100 text-emerald-900", bar: "bg-emerald-600" };
  if (score >= 40) return { text: "Fair", className: "bg-amber-100 text-amber-900", bar: "bg-amber-500" };
  return { text: "High price", className: "bg-rose-100 text-rose-900", bar: "bg-rose-600" };
}

export function GoodDealMeter({ score, size = "sm" }: { score: number | null; size?: "sm" | "lg" }) {
  if (score === null) return <span className="text-sm text-slate-700">Not scored yet</span>;
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const label = scoreLabel(value);
  return (
    <div className={size === "lg" ? "w-full max-w-sm" : "w-full"}>
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="sr-only">Score</span>
        <span data-testid="listing-score" className={`font-semibold text-slate-900 ${size === "lg" ? "text-2xl" : ""}`}>
          {value}
        </span>
        <span className="sr-only">out of 100</span>
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${label.className}`}>{label.text}</span>
      </div>
      <meter
        min={0}
        max={100}
        low={40}
        high={70}
        optimum={100}
        value={value}
        aria-label={`Good deal meter: ${label.text}, score ${value} of 100`}
        className="sr-only"
      />
      <div
        aria-hidden="true"
        className={`mt-1 w-full overflow-hidden rounded-full bg-slate-200 ${size === "lg" ? "h-3" : "h-1.5"}`}
      >
        <div className={`h-full rounded-full ${label.bar}`} style={{ width: `${Math.max(4, value)}%` }} />
      </div>
    </div>
  );
}

/** The seller's price is firm: no offers below the asking price. */
export function NoHaggleBadge() {
  return (
    <span
      title="The seller's price is firm: offers below the asking price are not accepted."
      className="inline-flex items-center rounded-full border border-indigo-300 bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-900"
    >
      No haggle
    </span>
  );
}
