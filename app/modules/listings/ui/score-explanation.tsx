import { DataTable } from "~/components/ui/data-table";
import { formatNumber, formatPerPoint, formatScoreEffect } from "~/lib/format";
import type { ScoreExplanation as Explanation } from "../score";
import { useScoreBands } from "./good-deal-meter";

function direction(effect: number) {
  if (Math.round(effect * 10) === 0) return { text: "no effect", className: "text-slate-700" };
  return effect > 0
    ? { text: "raises it", className: "text-emerald-800" }
    : { text: "lowers it", className: "text-rose-800" };
}

type Row = { key: string; label: string; effect: number | null; total?: boolean };

/**
 * How a listing's score is worked out (DOMAIN.md "Value of a contract"): the inputs, the comparison and each
 * factor's effect in score points, adding up from 50 (priced at the median) to the score.
 */
export function ScoreExplanation({ explanation }: { explanation: Explanation | null }) {
  const bands = useScoreBands();
  if (!explanation) {
    return (
      <p className="text-slate-700">
        Listings are scored only while they are for sale, against the other listings for sale. This listing is not for
        sale right now, so it has no score.
      </p>
    );
  }
  const { inputs: i, basis, comparableMedian, comparableCount, spread, factors, score, weights } = explanation;
  const inputs: [string, string, string?][] = [
    ["Asking price per point", formatPerPoint(i.pricePerPointCents)],
    ["Contract points", formatNumber(i.contractPoints)],
    ["Banked points (previous use year)", formatNumber(i.prevYearPoints), "Extra points that come with the contract."],
    [
      "Current use-year points",
      formatNumber(i.currYearPoints),
      i.currYearPoints < i.contractPoints ? "Fewer than the contract: the missing points still cost dues." : undefined,
    ],
    [
      "Annual dues per point",
      i.duesPerPointCents !== null ? formatPerPoint(i.duesPerPointCents) : "Not known yet for this year",
    ],
    [
      "Actual value per point",
      i.actualValuePerPointCents === null
        ? "Not known until the dues are published"
        : formatPerPoint(i.actualValuePerPointCents),
      "The asking price less the dues value of banked points, plus the dues paid for missing current points, per contract point.",
    ],
    [
      "Years left on the contract",
      i.yearsLeft === null ? "Not known yet" : String(i.yearsLeft),
      i.yearsLeft === null ? undefined : "To the day, in years: the score uses fractions of a year.",
    ],
    [
      "Annualised cost per point",
      i.annualisedCostCents === null
        ? "Not known without an end date"
        : `${formatPerPoint(i.annualisedCostCents)} a year`,
      "The actual value spread over the years left, plus a year's dues.",
    ],
  ];

  const rows: Row[] =
    score === null
      ? factors.map((f, n) => ({ key: `f${n}`, label: f.label, effect: null }))
      : [
          { key: "start", label: "Starting point: a listing priced at the comparable median scores 50", effect: 50 },
          ...factors.map((f, n) => ({ key: `f${n}`, label: f.label, effect: f.effect })),
          { key: "total", label: "Score", effect: score, total: true },
        ];

  return (
    <div className="space-y-5">
      <div>
        <h3 className="font-semibold text-slate-900">The inputs</h3>
        <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {inputs.map(([label, value, help]) => (
            <div key={label} className="border-b border-slate-100 pb-2">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
              {help ? <dd className="text-xs text-slate-600">{help}</dd> : null}
            </div>
          ))}
        </dl>
      </div>

      <div>
        <h3 className="font-semibold text-slate-900">The comparison</h3>
        <p className="mt-1 text-slate-700" data-testid="score-comparison">
          {basis === "resort" && comparableMedian !== null
            ? `This listing's actual value of ${formatPerPoint(i.actualValuePerPointCents ?? i.pricePerPointCents)} is compared with the median actual value of the ${formatNumber(comparableCount)} other listings for sale at this resort: ${formatPerPoint(comparableMedian)}.`
            : basis === "market" && comparableMedian !== null
              ? `This resort has fewer than ${weights.minComparables} other listings for sale, so the annualised cost of ${formatPerPoint(i.annualisedCostCents ?? 0)} a year is compared with the median annualised cost of ${formatNumber(comparableCount)} listings across all resorts: ${formatPerPoint(comparableMedian)} a year.`
              : "There are not enough comparable listings for sale to score this one yet."}{" "}
          {score === null
            ? null
            : `The middle half of ${basis === "resort" ? "this resort's listings" : "the listings"} lie within ${formatPerPoint(spread ?? 0)}${basis === "market" ? " a year" : ""} of each other: each ${formatPerPoint(spread ?? 0)} below the median adds ${weights.scorePerSpread} points and each ${formatPerPoint(spread ?? 0)} above takes ${weights.scorePerSpread} off, from 0 to 100 (${bands.map((b) => `${b.label} from ${b.min}`).join(", ")}).`}
        </p>
      </div>

      <DataTable
        caption="What raises or lowers the score"
        layout="table"
        rows={rows}
        rowKey={(r) => r.key}
        empty="Nothing to show."
        columns={[
          {
            key: "factor",
            header: "Factor",
            wrap: true,
            cell: (r) => (r.total ? <strong>{r.label}</strong> : r.label),
          },
          {
            key: "effect",
            header: "Points",
            className: "text-right",
            cell: (r) => {
              if (r.effect === null) return "—";
              if (r.total || r.key === "start") return <strong>{formatNumber(r.effect)}</strong>;
              const d = direction(r.effect);
              return (
                <span className={d.className}>
                  {formatScoreEffect(r.effect)}
                  <span className="block text-xs">{d.text}</span>
                </span>
              );
            },
          },
        ]}
      />
    </div>
  );
}
