import { useRouteLoaderData } from "react-router";
import { formatScore, SCORE_BANDS, type ScoreBand, scoreBand } from "~/lib/format";

/**
 * The good-deal meter: a listing's value score (0-100, 50 = the comparable median, higher = better value) as its
 * number, its band's words (the bands of format.ts, decision 0051) and a bar, the one way a score is shown on
 * screen; and the no-haggle badge. Pure markup: no JavaScript in the browser.
 */
/**
 * The bands every meter on the page uses: the tweaks' thresholds (/admin/tweaks "Blog and good deal meter", decision
 * 0088) from the root's shell data; the defaults of format.ts without it. Read here rather than provided by the root,
 * so pages without a meter carry none of its code.
 */
export function useScoreBands(): readonly ScoreBand[] {
  return (useRouteLoaderData("root") as { scoreBands?: readonly ScoreBand[] } | undefined)?.scoreBands ?? SCORE_BANDS;
}

const TONES: Record<ScoreBand["tone"], { pill: string; bar: string }> = {
  great: { pill: "bg-emerald-100 text-emerald-900", bar: "bg-emerald-600" },
  good: { pill: "bg-lime-100 text-lime-900", bar: "bg-lime-600" },
  fair: { pill: "bg-slate-100 text-slate-800", bar: "bg-slate-500" },
  above: { pill: "bg-amber-100 text-amber-900", bar: "bg-amber-500" },
  high: { pill: "bg-rose-100 text-rose-900", bar: "bg-rose-600" },
};

export function GoodDealMeter({
  score,
  size = "sm",
  layout = "stacked",
}: {
  score: number | null;
  size?: "sm" | "lg";
  /** "inline": the bar beside the words, one line high (a result card). */
  layout?: "stacked" | "inline";
}) {
  const bands = useScoreBands();
  if (score === null) return <span className="text-sm text-slate-700">{formatScore(null)}</span>;
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const band = scoreBand(value, bands);
  const tone = TONES[band.tone];
  return (
    <div
      className={`${size === "lg" ? "w-full max-w-sm" : "w-full"} ${layout === "inline" ? "flex items-center gap-2" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="sr-only">Score</span>
        <span data-testid="listing-score" className={`font-semibold text-slate-900 ${size === "lg" ? "text-2xl" : ""}`}>
          {value}
        </span>
        <span className="sr-only">out of 100</span>
        <span
          data-testid="score-band"
          className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${tone.pill}`}
        >
          {band.label}
        </span>
      </div>
      <meter
        min={0}
        max={100}
        low={bands.find((b) => b.tone === "fair")?.min ?? 40}
        high={bands.find((b) => b.tone === "good")?.min ?? 60}
        optimum={100}
        value={value}
        aria-label={`Good deal meter: ${formatScore(value, bands)}`}
        className="sr-only"
      />
      <div
        aria-hidden="true"
        className={`${layout === "inline" ? "min-w-12 flex-1" : "mt-1 w-full"} overflow-hidden rounded-full bg-slate-200 ${size === "lg" ? "h-3" : "h-1.5"}`}
      >
        <div className={`h-full rounded-full ${tone.bar}`} style={{ width: `${Math.max(4, value)}%` }} />
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
