/**
 * The deal timeline's expected dates (issue 11 "Screens"), pure: no database, no clock but the `today` passed in, safe
 * for the browser. Each step ahead gets an expected date from the product's own closed deals (the median days of that
 * step at this resort, else across resorts, over the last 12 months) or, until there are enough deals, from
 * DOMAIN.md's typical ranges; and it says which, so the page can tell the person.
 *
 * Dates are calendar dates, ISO "YYYY-MM-DD". An instant (a step's timestamp) is read as its date in
 * America/New_York, where the product shows dates.
 */
import { AppError } from "~/lib/errors";
import { lazyDateTimeFormat } from "~/lib/format-dates";
import { LONGER_CLOSING_CODES } from "~/modules/resorts/resorts.rules";
import type { IsoDate } from "./tax-rates";

// ---------------------------------------------------------------------------------------------------------------
// Calendar dates

const ZONE = "America/New_York";
const easternDate = lazyDateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

/**
 * A calendar date: an ISO "YYYY-MM-DD" as it is (checked: 2025-02-30 is refused), an instant (a Date or an ISO
 * timestamp) as its date in America/New_York. Anything else ("March 3, 2025") throws BAD_INPUT.
 */
export function calendarDate(d: Date | string): IsoDate {
  if (typeof d === "string") {
    const m = ISO_DATE.exec(d);
    if (m) {
      const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (t.toISOString().slice(0, 10) !== d) throw new AppError("BAD_INPUT", `${d} is not a date.`);
      return d;
    }
    if (!ISO_TIMESTAMP.test(d)) throw new AppError("BAD_INPUT", `${d} is not a date.`);
  }
  const t = new Date(d);
  if (Number.isNaN(t.getTime())) throw new AppError("BAD_INPUT", `${String(d)} is not a date.`);
  return easternDate().format(t);
}

const utc = (iso: IsoDate) => new Date(`${iso}T00:00:00Z`);
const iso = (t: Date) => t.toISOString().slice(0, 10);

/** The date `days` calendar days after `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const t = utc(date);
  t.setUTCDate(t.getUTCDate() + days);
  return iso(t);
}

/** The date `days` business days after `date`: Monday to Friday; public holidays are not known and count. */
export function addBusinessDays(date: IsoDate, days: number): IsoDate {
  const t = utc(date);
  let left = days;
  while (left > 0) {
    t.setUTCDate(t.getUTCDate() + 1);
    const weekday = t.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return iso(t);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

// ---------------------------------------------------------------------------------------------------------------
// Steps

/**
 * The milestones of a deal, in order (DOMAIN.md "Right of first refusal and closing"): the offer accepted (the
 * agreement created), the contract signed by both, the deposit received in escrow, submitted for ROFR, ROFR answered
 * (waived: the sale goes on), the estoppel received, the closing documents sent, closed (deed recorded, points
 * transferred).
 */
export const DEAL_STEPS = [
  "accepted",
  "signed",
  "deposit",
  "rofrSubmitted",
  "rofrAnswered",
  "estoppel",
  "closingDocs",
  "closed",
] as const;
export type DealStep = (typeof DEAL_STEPS)[number];
/** The steps that can lie ahead (the deal starts accepted). */
export type UpcomingStep = Exclude<DealStep, "accepted">;

export const DEAL_STEP_LABELS: Record<DealStep, string> = {
  accepted: "Offer accepted",
  signed: "Contract signed by both",
  deposit: "Deposit received",
  rofrSubmitted: "Submitted for right of first refusal",
  rofrAnswered: "Right of first refusal answered",
  estoppel: "Estoppel received",
  closingDocs: "Closing documents sent",
  closed: "Closed: deed recorded, points transferred",
};

/**
 * One past closed deal's durations, in days, as the product records them when an agreement closes. Any may be
 * missing (an imported deal, a step recorded late); a missing or negative one is left out of that step's median.
 */
export type ClosedDeal = {
  resortCode: string;
  /** When the deal closed: only deals closed in the 12 months up to `today` count. */
  closedOn: Date | IsoDate;
  acceptedToSignedDays?: number | null;
  acceptedToDepositDays?: number | null;
  depositToRofrSubmittedDays?: number | null;
  rofrSubmittedToAnsweredDays?: number | null;
  rofrWaivedToEstoppelDays?: number | null;
  estoppelToClosingDocsDays?: number | null;
  closingDocsToClosedDays?: number | null;
};

/** The days from the step before to `step` in one closed deal, or null when it was not recorded. */
function stepDays(deal: ClosedDeal, step: UpcomingStep): number | null {
  const ok = (n: number | null | undefined) => (typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : null);
  switch (step) {
    case "signed":
      return ok(deal.acceptedToSignedDays);
    case "deposit": {
      // Recorded from acceptance; the step runs from signing.
      const toDeposit = ok(deal.acceptedToDepositDays);
      const toSigned = ok(deal.acceptedToSignedDays);
      return toDeposit === null || toSigned === null ? null : ok(toDeposit - toSigned);
    }
    case "rofrSubmitted":
      return ok(deal.depositToRofrSubmittedDays);
    case "rofrAnswered":
      return ok(deal.rofrSubmittedToAnsweredDays);
    case "estoppel":
      return ok(deal.rofrWaivedToEstoppelDays);
    case "closingDocs":
      return ok(deal.estoppelToClosingDocsDays);
    case "closed":
      return ok(deal.closingDocsToClosedDays);
  }
}

/** A step's typical length when there are not enough deals, and where the figure comes from. */
export type TypicalStep = { days: number; unit: "days" | "business-days"; source: string };

/**
 * DOMAIN.md's ranges, one figure each. Signing and the submission for ROFR have no figure in DOMAIN.md: 2 days each
 * is this product's assumption, marked as such.
 */
export const TYPICAL_STEPS: Record<UpcomingStep, TypicalStep> = {
  signed: { days: 2, unit: "days", source: "assumed: the contract is e-signed within about 2 days of acceptance" },
  deposit: { days: 3, unit: "days", source: "deposit within 24-72 h of signing" },
  rofrSubmitted: { days: 2, unit: "days", source: "assumed: submitted within about 2 days of the deposit" },
  rofrAnswered: { days: 25, unit: "days", source: "ROFR answer in about 20-30 days" },
  estoppel: { days: 21, unit: "days", source: "estoppel 2-4 weeks after ROFR" },
  closingDocs: { days: 3, unit: "days", source: "closing documents within about 72 h of estoppel" },
  closed: { days: 12, unit: "business-days", source: "deed recorded, points transferred in 10-14 business days" },
};

/**
 * DOMAIN.md: "longer for HHI, AUL and VGC". The steps after ROFR (estoppel, closing documents, recording the deed)
 * take `multiplier` times as long there, rounded up to whole days, when the figure is not from that resort's own deals
 * (typical ranges, or the median across resorts, which the Florida resorts dominate). About 3 weeks more in all.
 */
export const LONGER_PROCESS: { resortCodes: readonly string[]; multiplier: number; steps: readonly UpcomingStep[] } = {
  resortCodes: LONGER_CLOSING_CODES,
  multiplier: 1.5,
  steps: ["estoppel", "closingDocs", "closed"],
};

/** How many deals a median needs, and over how many months before `today` they count. */
export const EXPECTED_DATES_DEFAULTS = { minDeals: 5, windowMonths: 12 } as const;

/** The median of a non-empty list, rounded to whole days (half up); the mean of the middle two for an even count. */
export function medianDays(values: readonly number[]): number {
  if (values.length === 0) throw new AppError("BAD_INPUT", "A median needs at least one value.");
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const m = s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return Math.floor(m + 0.5);
}

export type ExpectedBasis =
  | { kind: "resort"; deals: number; text: string }
  | { kind: "market"; deals: number; text: string }
  | { kind: "typical"; deals: 0; text: string };

export type ExpectedStep = {
  step: UpcomingStep;
  label: string;
  expectedDate: IsoDate;
  /** The step's length after the step before it, in `unit`. */
  days: number;
  unit: "days" | "business-days";
  basis: ExpectedBasis;
  /** The expected date has passed and the step is not done: the steps after it are counted from today. */
  overdue: boolean;
};

export type DealTimeline = {
  done: { step: DealStep; label: string; date: IsoDate }[];
  /** The step the deal waits for now (the first ahead), or null when it has ended. */
  current: UpcomingStep | null;
  upcoming: ExpectedStep[];
  /** The expected closing date, or null when the deal has closed or ended. */
  expectedClosing: IsoDate | null;
};

/** The window start: the same date `months` months before `today` (the end of a shorter month when it has no such day). */
function monthsBefore(today: IsoDate, months: number): IsoDate {
  const t = utc(today);
  const day = t.getUTCDate();
  t.setUTCDate(1);
  t.setUTCMonth(t.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(day, lastDay));
  return iso(t);
}

/**
 * The expected dates of the steps ahead of a deal. `done` holds the date of each step taken (at least `accepted`).
 * The steps after the last one done are expected one after another: each step's expected length is the median of that
 * step over the deals closed at this resort in the last 12 months when at least 5 recorded it, else over all resorts'
 * deals when at least 5, else DOMAIN.md's typical figure (TYPICAL_STEPS, lengthened at HHI, AUL and VGC:
 * LONGER_PROCESS). A step whose expected date has passed is marked overdue and the next is counted from today. A deal
 * whose ROFR was exercised (Disney bought it back), or that was cancelled, has no steps ahead.
 */
export function expectedDates(input: {
  done: Partial<Record<DealStep, Date | IsoDate | null>>;
  resortCode: string;
  history: readonly ClosedDeal[];
  today: Date | IsoDate;
  /** The deal ended without closing: ROFR exercised, or cancelled. */
  ended?: boolean;
  options?: {
    minDeals?: number;
    windowMonths?: number;
    typical?: Record<UpcomingStep, TypicalStep>;
    longer?: typeof LONGER_PROCESS;
  };
}): DealTimeline {
  const today = calendarDate(input.today);
  const minDeals = input.options?.minDeals ?? EXPECTED_DATES_DEFAULTS.minDeals;
  const windowMonths = input.options?.windowMonths ?? EXPECTED_DATES_DEFAULTS.windowMonths;
  const typical = input.options?.typical ?? TYPICAL_STEPS;
  const longer = input.options?.longer ?? LONGER_PROCESS;

  const done: DealTimeline["done"] = [];
  let lastDone = -1;
  DEAL_STEPS.forEach((step, i) => {
    const at = input.done[step];
    if (at === undefined || at === null) return;
    done.push({ step, label: DEAL_STEP_LABELS[step], date: calendarDate(at) });
    lastDone = i;
  });
  if (input.done.accepted === undefined || input.done.accepted === null) {
    throw new AppError("BAD_INPUT", "A deal's timeline starts when the offer is accepted: give its date.");
  }
  if (input.ended || lastDone === DEAL_STEPS.length - 1) {
    return { done, current: null, upcoming: [], expectedClosing: null };
  }

  const since = monthsBefore(today, windowMonths);
  const recent = input.history.filter((d) => {
    const closed = calendarDate(d.closedOn);
    return closed >= since && closed <= today;
  });
  const atResort = recent.filter((d) => d.resortCode === input.resortCode);
  const isLonger = longer.resortCodes.includes(input.resortCode);
  const window = windowMonths === 12 ? "the last 12 months" : `the last ${windowMonths} months`;

  let anchor = done[done.length - 1].date;
  const upcoming: ExpectedStep[] = [];
  for (const step of DEAL_STEPS.slice(lastDone + 1) as UpcomingStep[]) {
    const lengthen = isLonger && longer.steps.includes(step);
    const longerNote = lengthen ? ", allowing longer for this resort" : "";
    const own = atResort.map((d) => stepDays(d, step)).filter((n): n is number => n !== null);
    const all = recent.map((d) => stepDays(d, step)).filter((n): n is number => n !== null);
    let days: number;
    let unit: ExpectedStep["unit"] = "days";
    let basis: ExpectedBasis;
    if (own.length >= minDeals) {
      days = medianDays(own);
      basis = { kind: "resort", deals: own.length, text: `from ${own.length} deals at this resort in ${window}` };
    } else if (all.length >= minDeals) {
      days = medianDays(all);
      if (lengthen) days = Math.ceil(days * longer.multiplier);
      basis = {
        kind: "market",
        deals: all.length,
        text: `from ${all.length} deals across resorts in ${window}${longerNote}`,
      };
    } else {
      days = typical[step].days;
      unit = typical[step].unit;
      if (lengthen) days = Math.ceil(days * longer.multiplier);
      basis = { kind: "typical", deals: 0, text: `typical ranges${longerNote}` };
    }
    const expectedDate = unit === "business-days" ? addBusinessDays(anchor, days) : addDays(anchor, days);
    const overdue = expectedDate < today;
    upcoming.push({ step, label: DEAL_STEP_LABELS[step], expectedDate, days, unit, basis, overdue });
    anchor = overdue ? today : expectedDate;
  }
  return {
    done,
    current: upcoming[0]?.step ?? null,
    upcoming,
    expectedClosing: upcoming[upcoming.length - 1]?.expectedDate ?? null,
  };
}
