import { formatPerPoint } from "~/lib/format";
/**
 * Listing score and point percentage (DOMAIN.md "Value of a contract"). Pure: no database, no clock.
 *
 * All money is integer cents per point (fractions kept while computing).
 *
 * 1. Dues per point `d` = the resort's dues per point. When the resort has no dues on record they are unknown, not
 *    $0 (issue 27): the actual value is known only for a listing with no banked and no missing points (it is then
 *    the asking price), and the annualised cost is unknown. A listing whose actual value is unknown is not scored
 *    (a $0 guess would call a stripped contract a great value); a plain one is compared only with the other plain
 *    listings at its resort (resort basis), never on the market basis. They stay out of every comparison set that
 *    needs the dues.
 * 2. Actual value per point:
 *      AVP = price − (prevYearPoints × d) / contractPoints + (max(0, contractPoints − currYearPoints) × d) / contractPoints
 *    (extra banked points lower the effective price, missing current points raise it).
 * 3. Years left = (January 31 of the resort's contract end year − now) in years of 365.25 days, at least
 *    MIN_YEARS_LEFT. The base end year is used (an extension, e.g. OKW 2057, is not known per listing).
 * 4. Annualised cost = AVP / years left + d.
 * 5. Comparison: the comparable median is the median AVP of the other active listings at the same resort
 *    (the listing itself excluded). With fewer than MIN_COMPARABLES of them, the listing's annualised cost
 *    is compared with the median annualised cost of all other active listings instead ("market" basis).
 * 6. Spread: how far apart the comparable values are, the interquartile range (the middle half) of the
 *    values of every active listing at the resort (resort basis) or in the market (market basis), and at least
 *    MIN_SPREAD_SHARE of their median, so a resort whose listings all ask nearly the same does not turn a
 *    dollar's difference into a great deal.
 * 7. Score = clamp(round(50 + SCORE_PER_SPREAD × (median − value) / spread), 0, 100), where value is the AVP
 *    (resort basis) or the annualised cost (market basis). 50 = at the median, higher = cheaper: with
 *    SCORE_PER_SPREAD 25, a listing a whole spread below the median scores 75, two spreads below 100; a whole
 *    spread above scores 25, two above 0.
 *    The scale is calibrated on each market's own spread (decision 0051): in a resort where prices vary by
 *    ±12% a listing 10% below the median is a great deal; where they vary by ±30% it is merely good.
 *    No score (null) when there is nothing to compare with, or when the market basis is needed and the
 *    resort has no end year.
 *
 * The explanation splits the score into factors whose effects (in score points, before clamping and rounding)
 * add up to the score: 50 + price vs median + banked-points credit + missing-points cost (+ dues on the
 * market basis).
 */

export const MIN_COMPARABLES = 3;
/** Score points for a whole spread (interquartile range) below or above the comparable median. */
export const SCORE_PER_SPREAD = 25;
/** The smallest spread, as a share of the comparable median. */
export const MIN_SPREAD_SHARE = 0.06;
export const MIN_YEARS_LEFT = 0.25;

/**
 * The score's weights, set in /admin/tweaks ("Blog and good deal meter", decision 0088): score points for a whole
 * spread, the comparables a resort needs before its own median is used, the smallest spread as a share of the
 * median. The constants above are their defaults.
 */
export type ScoreWeights = { scorePerSpread: number; minComparables: number; minSpreadShare: number };
export const DEFAULT_SCORE_WEIGHTS: ScoreWeights = {
  scorePerSpread: SCORE_PER_SPREAD,
  minComparables: MIN_COMPARABLES,
  minSpreadShare: MIN_SPREAD_SHARE,
};
const YEAR_MS = 365.25 * 86_400_000;

export type ScoreListing = {
  id: number;
  resortId: number;
  contractPoints: number;
  pricePerPointCents: number;
  prevYearPoints: number;
  currYearPoints: number;
};

export type ScoreResort = {
  id: number;
  code?: string;
  contractEndYear: number | null;
  duesPerPointCents: number | null;
};

export type ScoreFactor = { label: string; effect: number };

export type ScoreExplanation = {
  inputs: {
    pricePerPointCents: number;
    contractPoints: number;
    prevYearPoints: number;
    currYearPoints: number;
    /** Null when the resort's dues are not known (never counted as $0). */
    duesPerPointCents: number | null;
    duesKnown: boolean;
    contractEndYear: number | null;
    yearsLeft: number | null;
    /** Null when it depends on dues that are not known (banked or missing points at a resort without dues). */
    actualValuePerPointCents: number | null;
    annualisedCostCents: number | null;
  };
  basis: "resort" | "market" | "none";
  comparableMedian: number | null;
  comparableCount: number;
  /**
   * The spread the score is scaled by (cents per point, or per point a year on the market basis): a listing this
   * much below the median scores SCORE_PER_SPREAD more than 50. Null without a score.
   */
  spread: number | null;
  factors: ScoreFactor[];
  score: number | null;
  /** The weights the score was computed with (the explanation states them). */
  weights: ScoreWeights;
};

/** Current-year points as a share of the contract, 0-100 (floored, capped at 100; the database column matches). */
export function pointPercentage(currYearPoints: number, contractPoints: number): number {
  if (!(contractPoints > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((currYearPoints * 100) / contractPoints)));
}

export function actualValuePerPoint(l: ScoreListing, duesCents: number): number {
  const extra = Math.max(0, l.prevYearPoints);
  const missing = Math.max(0, l.contractPoints - l.currYearPoints);
  return l.pricePerPointCents - (extra * duesCents) / l.contractPoints + (missing * duesCents) / l.contractPoints;
}

export function yearsLeft(contractEndYear: number | null, now: Date): number | null {
  if (contractEndYear === null) return null;
  const end = Date.UTC(contractEndYear, 0, 31);
  return Math.max(MIN_YEARS_LEFT, (end - now.getTime()) / YEAR_MS);
}

export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const mid = n >> 1;
  return n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The q-quantile (0-1) of an ascending array, interpolated between neighbours; null when empty. */
export function quantile(sorted: readonly number[], q: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const at = (n - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/**
 * The spread of a market (its values ascending): the interquartile range, at least MIN_SPREAD_SHARE of the median.
 * Null when there is no positive median.
 */
export function spreadOf(sorted: readonly number[], minSpreadShare = MIN_SPREAD_SHARE): number | null {
  const mid = median(sorted);
  if (mid === null || mid <= 0) return null;
  const iqr = (quantile(sorted, 0.75) ?? 0) - (quantile(sorted, 0.25) ?? 0);
  return Math.max(iqr, minSpreadShare * mid);
}

/** Median of an ascending array with one occurrence of `value` left out (the listing itself). */
export function medianExcluding(sorted: readonly number[], value: number): number | null {
  const n = sorted.length - 1;
  if (n <= 0) return null;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  const skip = lo < sorted.length && sorted[lo] === value ? lo : -1;
  if (skip < 0) return median(sorted.slice(0, n)); // value absent: should not happen
  const at = (i: number) => sorted[i < skip ? i : i + 1];
  const mid = n >> 1;
  return n % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The part of a listing's score inputs that does not depend on the clock (its resort's dues and its actual value). */
export type ScoreBase = {
  listing: ScoreListing;
  resort: ScoreResort | undefined;
  /** Null when the resort's dues are not known. */
  dues: number | null;
  /** False when the actual value depends on dues that are not known. */
  avpKnown: boolean;
  avp: number;
};

type Derived = ScoreBase & {
  years: number | null;
  annualised: number | null;
};

export function scoreBase(listing: ScoreListing, resortById: ReadonlyMap<number, ScoreResort>): ScoreBase {
  const resort = resortById.get(listing.resortId);
  const dues = resort?.duesPerPointCents ?? null;
  const avp = actualValuePerPoint(listing, dues ?? 0);
  const plain = Math.max(0, listing.prevYearPoints) === 0 && listing.currYearPoints >= listing.contractPoints;
  return { listing, resort, dues, avpKnown: dues !== null || plain, avp };
}

function atTime(b: ScoreBase, now: Date): Derived {
  const years = yearsLeft(b.resort?.contractEndYear ?? null, now);
  const annualised = years === null || b.dues === null ? null : b.avp / years + b.dues;
  return { ...b, years, annualised };
}

/**
 * The comparison set of the score without the clock: the actual values per point of the active listings by resort,
 * ascending (listings whose actual value is unknown left out). The market-wide annualised costs are derived from it
 * at a given time (`marketAnnualised`): within one resort they are the actual values scaled by the same years left.
 */
export type ScoreMarket = {
  resortById: ReadonlyMap<number, ScoreResort>;
  avpByResort: ReadonlyMap<number, readonly number[]>;
};

export function scoreMarket(bases: readonly ScoreBase[], resorts: readonly ScoreResort[]): ScoreMarket {
  const avpByResort = new Map<number, number[]>();
  for (const b of bases) {
    if (!b.avpKnown) continue; // unknown dues: no actual value to compare (and the listing is not scored)
    const list = avpByResort.get(b.listing.resortId) ?? [];
    list.push(b.avp);
    avpByResort.set(b.listing.resortId, list);
  }
  for (const list of avpByResort.values()) list.sort((a, b) => a - b);
  return { resortById: new Map(resorts.map((r) => [r.id, r])), avpByResort };
}

/**
 * Every active listing's annualised cost at `now`, ascending: the listings of resorts with known dues and an end
 * year (the others have none). The same values, computed the same way, as `scoreListings` sorts.
 */
export function marketAnnualised(market: ScoreMarket, now: Date): number[] {
  let n = 0;
  for (const list of market.avpByResort.values()) n += list.length;
  const out = new Float64Array(n);
  let i = 0;
  for (const [resortId, list] of market.avpByResort) {
    const resort = market.resortById.get(resortId);
    const dues = resort?.duesPerPointCents ?? null;
    const years = yearsLeft(resort?.contractEndYear ?? null, now);
    if (dues === null || years === null) continue;
    for (const avp of list) out[i++] = avp / years + dues;
  }
  return Array.from(out.subarray(0, i).sort());
}

/** A copy of an ascending array with `value` inserted in order. */
export function insertSorted(sorted: readonly number[], value: number): number[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return [...sorted.slice(0, lo), value, ...sorted.slice(lo)];
}

/**
 * Explains the score of `listing` against a comparison set it belongs to (`inSet`: its actual value and annualised
 * cost are among the set's values, as for an active listing) or that it joins (`inSet` false: the value is
 * inserted, as for a contract being appraised). The same explanation `scoreListings` gives over the set's listings
 * (plus this one when it joins) at `now`: only its resort's values are read, and the market's when that basis is
 * needed.
 */
export function explainAgainst(
  market: ScoreMarket,
  listing: ScoreListing,
  inSet: boolean,
  now: Date,
  weights: ScoreWeights = DEFAULT_SCORE_WEIGHTS,
  marketValues: () => number[] = () => marketAnnualised(market, now),
): ScoreExplanation {
  const d = atTime(scoreBase(listing, market.resortById), now);
  const own = market.avpByResort.get(listing.resortId) ?? [];
  const values = !inSet && d.avpKnown ? insertSorted(own, d.avp) : own;
  const marketSet = (): Comparables => {
    const all = marketValues();
    const with_ = !inSet && d.annualised !== null ? insertSorted(all, d.annualised) : all;
    return { values: with_, spread: spreadOf(with_, weights.minSpreadShare) };
  };
  return explain(d, { values, spread: spreadOf(values, weights.minSpreadShare) }, marketSet, weights);
}

/**
 * Scores every listing in `active` (all active listings of the market: the comparison set) as of `now`.
 * Returns one explanation per listing id. `weights`: the tweaks' (DEFAULT_SCORE_WEIGHTS when not given).
 */
export function scoreListings(
  active: readonly ScoreListing[],
  resorts: readonly ScoreResort[],
  now: Date,
  weights: ScoreWeights = DEFAULT_SCORE_WEIGHTS,
): Map<number, ScoreExplanation> {
  const resortById = new Map(resorts.map((r) => [r.id, r]));
  const derived: Derived[] = active.map((listing) => atTime(scoreBase(listing, resortById), now));
  const { avpByResort } = scoreMarket(derived, resorts);
  const spreadByResort = new Map<number, number | null>();
  for (const [resortId, list] of avpByResort) spreadByResort.set(resortId, spreadOf(list, weights.minSpreadShare));
  const marketAnnualised = derived
    .map((d) => d.annualised)
    .filter((x): x is number => x !== null)
    .sort((a, b) => a - b);
  const market = { values: marketAnnualised, spread: spreadOf(marketAnnualised, weights.minSpreadShare) };

  const out = new Map<number, ScoreExplanation>();
  for (const d of derived) {
    const resort = {
      values: avpByResort.get(d.listing.resortId) ?? [],
      spread: spreadByResort.get(d.listing.resortId) ?? null,
    };
    out.set(
      d.listing.id,
      explain(d, resort, () => market, weights),
    );
  }
  return out;
}

type Comparables = { values: readonly number[]; spread: number | null };

function explain(
  d: Derived,
  resortSet: Comparables,
  lazyMarketSet: () => Comparables,
  weights: ScoreWeights,
): ScoreExplanation {
  const resortAvps = resortSet.values;
  let market: Comparables | undefined;
  const marketSet = () => {
    market ??= lazyMarketSet();
    return market;
  };
  const { listing: l, resort } = d;
  const duesKnown = d.dues !== null;
  const inputs: ScoreExplanation["inputs"] = {
    pricePerPointCents: l.pricePerPointCents,
    contractPoints: l.contractPoints,
    prevYearPoints: l.prevYearPoints,
    currYearPoints: l.currYearPoints,
    duesPerPointCents: d.dues,
    duesKnown,
    contractEndYear: resort?.contractEndYear ?? null,
    yearsLeft: d.years === null ? null : round1(d.years),
    actualValuePerPointCents: d.avpKnown ? Math.round(d.avp) : null,
    annualisedCostCents: d.annualised === null ? null : Math.round(d.annualised),
  };
  if (!d.avpKnown) {
    // Unknown dues are unknown: no score rather than one earned from a $0 guess (issue 27).
    const factors: ScoreFactor[] = [
      {
        label:
          "Not scored: this resort's dues for the year are not known yet, so the value of the banked or missing points cannot be worked out",
        effect: 0,
      },
    ];
    return {
      inputs,
      basis: "none",
      comparableMedian: null,
      comparableCount: 0,
      spread: null,
      factors,
      score: null,
      weights,
    };
  }
  const dues = d.dues ?? 0; // unknown only for a plain listing, where no dues term applies
  const resortCount = resortAvps.length - 1;
  let basis: ScoreExplanation["basis"] = "none";
  let comparableMedian: number | null = null;
  let comparableCount = 0;
  let divisor = 1; // AVP components are divided by years left on the market basis
  let spread: number | null = null;
  if (resortCount >= weights.minComparables) {
    basis = "resort";
    comparableMedian = medianExcluding(resortAvps, d.avp);
    comparableCount = resortCount;
    spread = resortSet.spread;
  } else if (d.annualised !== null && d.years !== null && marketSet().values.length - 1 >= 1) {
    const marketAnnualised = marketSet().values;
    basis = "market";
    comparableMedian = medianExcluding(marketAnnualised, d.annualised);
    comparableCount = marketAnnualised.length - 1;
    divisor = d.years;
    spread = marketSet().spread;
  }
  const factors: ScoreFactor[] = [];
  if (!duesKnown)
    factors.push({
      label:
        "This resort's dues for the year are not known yet: compared only with listings there that have no banked or missing points",
      effect: 0,
    });
  if (basis === "none" || comparableMedian === null || comparableMedian <= 0 || spread === null) {
    factors.push({ label: "Not enough comparable active listings to score", effect: 0 });
    return {
      inputs,
      basis: "none",
      comparableMedian: null,
      comparableCount,
      spread: null,
      factors,
      score: null,
      weights,
    };
  }
  const m = comparableMedian;
  const perCent = weights.scorePerSpread / spread; // score points per cent (a point, or a point a year) below the median
  const toScore = (costCents: number) => -perCent * costCents;
  const extraCredit = (Math.max(0, l.prevYearPoints) * dues) / l.contractPoints;
  const missing = Math.max(0, l.contractPoints - l.currYearPoints);
  const missingCost = (missing * dues) / l.contractPoints;
  const priceTerm = l.pricePerPointCents / divisor + (basis === "market" ? dues : 0);
  factors.push({
    label:
      basis === "resort"
        ? `Asking ${formatPerPoint(l.pricePerPointCents)} vs median actual value ${formatPerPoint(m)} of ${comparableCount} active listings at this resort`
        : `Asking ${formatPerPoint(l.pricePerPointCents)} over ${inputs.yearsLeft} years left plus ${formatPerPoint(dues)} dues vs median annualised cost ${formatPerPoint(m)} of ${comparableCount} active listings (fewer than ${weights.minComparables} at this resort)`,
    effect: round1(perCent * (m - priceTerm)),
  });
  if (extraCredit > 0)
    factors.push({
      label: `${l.prevYearPoints} extra banked points worth ${formatPerPoint(extraCredit)} of dues`,
      effect: round1(toScore(-extraCredit / divisor)),
    });
  if (missingCost > 0)
    factors.push({
      label: `${missing} current-year points missing, costing ${formatPerPoint(missingCost)} of dues`,
      effect: round1(toScore(missingCost / divisor)),
    });
  const value = basis === "resort" ? d.avp : (d.annualised as number);
  const raw = 50 + perCent * (m - value);
  const score = Math.min(100, Math.max(0, Math.round(raw)));
  if (score !== Math.round(raw))
    factors.push({ label: "Score limited to the 0-100 scale", effect: round1(score - raw) });
  return {
    inputs,
    basis,
    comparableMedian: Math.round(m),
    comparableCount,
    spread: Math.round(spread),
    factors,
    score,
    weights,
  };
}

/**
 * The appraisal value per point from the score's explanation (the comparable-listings value the score computes):
 * the asking price at which the listing would sit exactly at the comparable median. On the resort basis the median
 * is an actual value per point; on the market basis an annualised cost, turned back into a price over the years left.
 * Null when the score has nothing to compare with.
 */
export function appraisalPerPointCents(x: {
  basis: "resort" | "market" | "none";
  comparableMedian: number | null;
  inputs: {
    pricePerPointCents: number;
    actualValuePerPointCents: number | null;
    annualisedCostCents: number | null;
    yearsLeft: number | null;
  };
}): number | null {
  const m = x.comparableMedian;
  if (m === null || m <= 0) return null;
  const i = x.inputs;
  if (i.actualValuePerPointCents === null) return null;
  if (x.basis === "resort") return Math.round(i.pricePerPointCents + (m - i.actualValuePerPointCents));
  if (x.basis === "market" && i.annualisedCostCents !== null && i.yearsLeft !== null) {
    const value = Math.round(i.pricePerPointCents + (m - i.annualisedCostCents) * i.yearsLeft);
    return value > 0 ? value : null;
  }
  return null;
}

/** A contract to appraise that is not (yet) a listing: the resale value calculator's (issue 31). */
export type AppraisalContract = Omit<ScoreListing, "id" | "pricePerPointCents">;

/**
 * The appraisal of a contract that is not for sale, by the same comparison the listing score and the offer limits
 * use (`scoreListings` then `appraisalPerPointCents`: one appraisal, decision 0077). The contract joins the market as
 * a listing of its own; its asking price does not move its appraisal (the median excludes it), so it is priced at
 * its appraisal once that is known, where it sits at the median and leaves the comparables' spread as it was.
 */
export function appraiseContract(
  contract: AppraisalContract,
  active: readonly ScoreListing[],
  resorts: readonly ScoreResort[],
  now: Date,
  weights: ScoreWeights = DEFAULT_SCORE_WEIGHTS,
): { appraisalCents: number | null; explanation: ScoreExplanation } {
  const resortById = new Map(resorts.map((r) => [r.id, r]));
  const bases = active.filter((l) => l.id !== -1).map((l) => scoreBase(l, resortById));
  return appraiseAgainst(scoreMarket(bases, resorts), contract, now, weights);
}

/**
 * `appraiseContract` against a comparison set already built (`scoreMarket`): reads only the contract's resort's
 * values, and the market's when that basis is needed (derived once for both runs).
 */
export function appraiseAgainst(
  market: ScoreMarket,
  contract: AppraisalContract,
  now: Date,
  weights: ScoreWeights = DEFAULT_SCORE_WEIGHTS,
): { appraisalCents: number | null; explanation: ScoreExplanation } {
  let values: number[] | undefined;
  const marketValues = () => {
    values ??= marketAnnualised(market, now);
    return values;
  };
  const run = (pricePerPointCents: number) => {
    const me: ScoreListing = { ...contract, id: -1, pricePerPointCents };
    const explanation = explainAgainst(market, me, false, now, weights, marketValues);
    return { appraisalCents: appraisalPerPointCents(explanation), explanation };
  };
  const first = run(1);
  return first.appraisalCents === null ? first : run(first.appraisalCents);
}
