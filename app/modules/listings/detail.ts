/**
 * Pure calculations for the listing detail page (DOMAIN.md "Annual dues", "Use year", "Resorts").
 * No database, no clock (the caller passes `now`): safe for the browser and easy to test.
 */
import { useMonthName as monthName } from "~/lib/format";
import { contractEndDate, type ResortFacts, yearsLeft } from "~/modules/resorts/resorts.rules";

/** A resale takes 60-90 days from accepted offer to closing (DOMAIN.md "Right of first refusal and closing"). */
export const CLOSING_DAYS = { min: 60, max: 90 } as const;

const DAY_MS = 86_400_000;

/** Annual dues of a contract: contract points x the resort's dues per point. Null when the resort has no dues on record. */
export function annualDuesCents(contractPoints: number, duesPerPointCents: number | null): number | null {
  if (duesPerPointCents === null || !Number.isFinite(duesPerPointCents)) return null;
  return contractPoints * duesPerPointCents;
}

/**
 * The dues the buyer usually reimburses the seller at closing: the seller paid the whole calendar year's
 * dues by January 15, so the buyer repays the months left after the closing month.
 *   (12 - closing month) / 12 x annual dues   (closing in January: 11/12; in December: nothing)
 */
export function duesAtClosingCents(annualCents: number, closingMonth: number): number {
  if (!Number.isInteger(closingMonth) || closingMonth < 1 || closingMonth > 12) {
    throw new RangeError(`closing month must be 1-12, got ${closingMonth}`);
  }
  return Math.round((annualCents * (12 - closingMonth)) / 12);
}

export type ClosingMonthEstimate = {
  /** 1-12 */
  month: number;
  year: number;
  /** "January 2027" */
  label: string;
  monthsLeft: number;
  cents: number;
};

/**
 * The dues at closing for each calendar month a sale agreed on `now` may close in (60 to 90 days later),
 * earliest first. One or two months, occasionally three.
 */
export function closingDuesEstimates(annualCents: number, now: Date): ClosingMonthEstimate[] {
  const from = new Date(now.getTime() + CLOSING_DAYS.min * DAY_MS);
  const to = new Date(now.getTime() + CLOSING_DAYS.max * DAY_MS);
  const out: ClosingMonthEstimate[] = [];
  let y = from.getUTCFullYear();
  let m = from.getUTCMonth() + 1;
  const lastY = to.getUTCFullYear();
  const lastM = to.getUTCMonth() + 1;
  while (y < lastY || (y === lastY && m <= lastM)) {
    out.push({
      month: m,
      year: y,
      label: `${monthName(m, true)} ${y}`,
      monthsLeft: 12 - m,
      cents: duesAtClosingCents(annualCents, m),
    });
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

export type ContractTerm = {
  /** ISO date (YYYY-MM-DD) of January 31 of the end year; null without an end year (interval resorts). */
  endDate: string | null;
  endYear: number | null;
  /** Whole years left (0 once ended). */
  yearsLeft: number | null;
  /** Where the end year comes from, as buyers read it (the admin's verification flag is never shown). */
  source: string | null;
  /** Contracts at this resort that were extended (OKW) end later. */
  extended: { endDate: string; endYear: number; yearsLeft: number } | null;
};

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Contract end date (January 31 of the resort's end year) and whole years left, with the extension where one exists. */
export function contractTerm(resort: ResortFacts, now: Date): ContractTerm {
  const end = contractEndDate(resort);
  const extendedEnd = resort.extendedEndYear ? contractEndDate(resort, { extended: true }) : null;
  return {
    endDate: end ? isoDate(end) : null,
    endYear: resort.contractEndYear ?? null,
    yearsLeft: yearsLeft(resort, now),
    source: resort.endYearSource?.trim() || null,
    extended:
      extendedEnd && resort.extendedEndYear
        ? {
            endDate: isoDate(extendedEnd),
            endYear: resort.extendedEndYear,
            yearsLeft: yearsLeft(resort, now, { extended: true }) ?? 0,
          }
        : null,
  };
}

/** The dates a use year runs: from the 1st of the use month of `year` to the day before, a year later. */
export function useYearDates(useMonth: number, year: number): { start: string; end: string } {
  const start = new Date(Date.UTC(year, useMonth - 1, 1));
  const end = new Date(Date.UTC(year + 1, useMonth - 1, 0));
  return { start: isoDate(start), end: isoDate(end) };
}

export type Comparable = { id: number; contractPoints: number; pricePerPointCents: number };

/**
 * Similar listings: the others nearest to this one in contract points and in price per point, each
 * distance taken relative to this listing's own figure so that both count alike
 * (10% more points weighs the same as a 10% higher price). Ties go to the lower id. At most `limit`.
 */
export function rankSimilar<T extends Comparable>(target: Comparable, candidates: readonly T[], limit = 4): T[] {
  const distance = (c: Comparable) =>
    Math.abs(c.contractPoints - target.contractPoints) / target.contractPoints +
    Math.abs(c.pricePerPointCents - target.pricePerPointCents) / target.pricePerPointCents;
  return candidates
    .filter((c) => c.id !== target.id)
    .map((c) => ({ c, d: distance(c) }))
    .sort((a, b) => a.d - b.d || a.c.id - b.c.id)
    .slice(0, Math.max(0, limit))
    .map((x) => x.c);
}

/** "150 points at Animal Kingdom Villas, Jun use year": the page title and the cards' names. */
export function listingTitle(l: { contractPoints: number; resortName: string; useMonth: number }) {
  return `${l.contractPoints} points at ${l.resortName}, ${monthName(l.useMonth)} use year`;
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so the text can never close the script. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Round axis ticks (1, 2 or 5 x a power of ten) covering [min, max] in about `count` steps; at least two. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const rough = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  const start = Math.floor(lo / step) * step;
  const end = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let t = start; t <= end + step / 2; t += step) ticks.push(Math.round(t * 1e6) / 1e6);
  return ticks;
}
