/**
 * Pure rules about resorts and their contracts (DOMAIN.md). No database, no I/O: safe for the browser.
 */

/** What the rules need to know about a resort; a row of the resorts table fits. */
export type ResortFacts = {
  code: string;
  name: string;
  contractEndYear: number | null;
  extendedEndYear?: number | null;
  endYearUnverified?: boolean;
  /** Where the end year comes from, as buyers read it. */
  endYearSource?: string | null;
  isInterval?: boolean;
};

/** Booking windows, in months before check-in. */
export const HOME_RESORT_BOOKING_MONTHS = 11;
export const OTHER_RESORT_BOOKING_MONTHS = 7;

/** Resorts whose resale contracts book only their own resort (and are off-limits to newer resale contracts elsewhere). */
export const OWN_RESORT_ONLY_CODES = ["RIV", "VDH", "CFW"] as const;

/** The 14 resorts that existed before the 2019 resale rules. */
export const ORIGINAL_RESORT_CODES = [
  "OKW",
  "BWV",
  "BCV",
  "BRV",
  "VB",
  "HHI",
  "SSR",
  "AKV",
  "BLT",
  "VGC",
  "AUL",
  "VGF",
  "PVB",
  "CCV",
] as const;

/** Resorts where the resale process takes longer than the usual 60-90 days. */
export const LONGER_CLOSING_CODES = ["HHI", "AUL", "VGC"] as const;

export type RestrictionId = "collections" | "membership-extras" | "new-resorts" | "own-resort-only";

export type ResaleRestriction = {
  id: RestrictionId;
  /** ISO date the rule took effect. */
  since: string;
  title: string;
  detail: string;
};

/** The three dated rules, as published. Used for the table on /resale-restrictions. */
export const RESALE_RULES = [
  {
    since: "2011-03-21",
    rule: "Resale points cannot book the Disney, Concierge or Adventurer Collections (Disney Cruise Line, non-DVC Disney hotels, Adventures by Disney).",
    appliesTo: "Every contract bought on the resale market on or after this date.",
  },
  {
    since: "2016-04-04",
    rule: "Resale buyers do not get membership extras such as member discounts and member lounges.",
    appliesTo: "Every contract bought on the resale market on or after this date.",
  },
  {
    since: "2019-01-19",
    rule: "Resale contracts at the original 14 resorts cannot book Riviera, Villas at Disneyland Hotel, Cabins at Fort Wilderness or any future resort. Resale contracts at Riviera, Villas at Disneyland Hotel and Cabins at Fort Wilderness can book only their own resort.",
    appliesTo: "Resale contracts bought on or after this date. Older contracts are grandfathered.",
  },
] as const;

const NEW_RESORT_RULE_SINCE = "2019-01-19";

function endDate(year: number) {
  return new Date(Date.UTC(year, 0, 31));
}

/** Every contract ends on January 31 of its end year. Null when the resort has no end year (interval resorts). */
export function contractEndDate(resort: ResortFacts, opts: { extended?: boolean } = {}): Date | null {
  const year = opts.extended && resort.extendedEndYear ? resort.extendedEndYear : resort.contractEndYear;
  return year ? endDate(year) : null;
}

/** Whole years from `now` until the contract ends (0 once it has ended); null without an end year. */
export function yearsLeft(resort: ResortFacts, now: Date, opts: { extended?: boolean } = {}): number | null {
  const end = contractEndDate(resort, opts);
  if (!end) return null;
  let years = end.getUTCFullYear() - now.getUTCFullYear();
  const anniversary = new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate()));
  if (now.getUTCMonth() === 1 && now.getUTCDate() === 29 && anniversary.getUTCMonth() !== 1) {
    anniversary.setUTCDate(0); // Feb 29 in a non-leap end year counts as Feb 28
  }
  if (anniversary.getTime() > end.getTime()) years -= 1;
  return Math.max(0, years);
}

/** "January 31, 2057". */
export function formatContractEnd(year: number) {
  return `January 31, ${year}`;
}

export function isOwnResortOnly(resort: Pick<ResortFacts, "code">) {
  return (OWN_RESORT_ONLY_CODES as readonly string[]).includes(resort.code);
}

export function isOriginalResort(resort: Pick<ResortFacts, "code">) {
  return (ORIGINAL_RESORT_CODES as readonly string[]).includes(resort.code);
}

export function hasLongerClosing(resort: Pick<ResortFacts, "code">) {
  return (LONGER_CLOSING_CODES as readonly string[]).includes(resort.code);
}

/**
 * The resale restrictions that apply to a resale contract at this resort.
 * With `purchasedOn`, rules that took effect after that date are left out (the contract is grandfathered).
 */
export function resaleRestrictionsFor(resort: ResortFacts, opts: { purchasedOn?: Date } = {}): ResaleRestriction[] {
  if (resort.isInterval) return [];
  const bought = opts.purchasedOn ? opts.purchasedOn.toISOString().slice(0, 10) : null;
  const applies = (since: string) => bought === null || bought >= since;
  const out: ResaleRestriction[] = [];
  if (applies("2011-03-21")) {
    out.push({
      id: "collections",
      since: "2011-03-21",
      title: "No Disney, Concierge or Adventurer Collections",
      detail:
        "Resale points cannot be used for Disney Cruise Line, non-DVC Disney hotels or Adventures by Disney trips. They book DVC villas.",
    });
  }
  if (applies("2016-04-04")) {
    out.push({
      id: "membership-extras",
      since: "2016-04-04",
      title: "No membership extras",
      detail: "Resale buyers do not receive member perks such as member discounts and access to member lounges.",
    });
  }
  if (isOriginalResort(resort) && applies(NEW_RESORT_RULE_SINCE)) {
    out.push({
      id: "new-resorts",
      since: NEW_RESORT_RULE_SINCE,
      title: "Cannot book Riviera, Villas at Disneyland Hotel or Cabins at Fort Wilderness",
      detail: `Resale ${resort.name} contracts bought on or after January 19, 2019 can book the original 14 resorts but not Riviera, Villas at Disneyland Hotel, Cabins at Fort Wilderness or any future resort. Contracts bought earlier are grandfathered.`,
    });
  }
  if (isOwnResortOnly(resort) && applies(NEW_RESORT_RULE_SINCE)) {
    out.push({
      id: "own-resort-only",
      since: NEW_RESORT_RULE_SINCE,
      title: `Books only ${resort.name}`,
      detail: `Resale points on a ${resort.name} contract can book only ${resort.name}, not the other DVC resorts.`,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// What the public pages say about dues and end years (issue 13 item 11): a value with its year and source, or a
// plain sentence for a buyer when it is not known; never the administrators' verification flag.

/**
 * The dues a buyer is shown: the figure, the year it is for, where it comes from, and whether it is our estimate
 * rather than the figure the resort published (issue 27: an estimate is never shown as a fact).
 */
export type PublicDues = { perPointCents: number; year: number | null; source: string | null; estimate: boolean };

/** A resort's dues as the public pages show them, or null when the figure is not known. */
export function publicDues(r: {
  duesPerPointCents: number | null;
  duesYear?: number | null;
  duesSource?: string | null;
  duesEstimated?: boolean | null;
}): PublicDues | null {
  if (r.duesPerPointCents === null || r.duesPerPointCents === undefined) return null;
  return {
    perPointCents: r.duesPerPointCents,
    year: r.duesYear ?? null,
    source: r.duesSource?.trim() || null,
    estimate: r.duesEstimated === true,
  };
}

/** Whether the resort's published dues for `year` are on record (a figure for that year that is not an estimate). */
export function hasPublishedDues(d: PublicDues | null, year: number): boolean {
  return d !== null && !d.estimate && d.year === year;
}

/**
 * Where a buyer asks for a resort's current dues: the "Ask about dues" form on the dues guide, with the resort
 * chosen. A path (the form posts to the contact messages).
 */
export function duesQuestionPath(resortCode?: string | null): string {
  return `/dvc-annual-dues${resortCode ? `?resort=${encodeURIComponent(resortCode)}` : ""}#ask-dues`;
}

/** What a buyer reads where a resort's dues are not known. */
export const DUES_UNKNOWN = "Ask us for this resort's current dues";

/** What a buyer reads where a resort's end year is not known. */
export const END_YEAR_UNKNOWN = "Ask us when this resort's contracts end";
