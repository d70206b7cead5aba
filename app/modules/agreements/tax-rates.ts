/**
 * The dated rates the agreements' money rules use (issue 11, DOMAIN.md "Money"), as data: a change in the law is a new
 * row here (or in the admin's copy of it), never a change of code. Pure and browser-safe. The rules in
 * agreement-money.ts take every table as an argument and default to these.
 */

/** An ISO calendar date, "YYYY-MM-DD". */
export type IsoDate = string;

/**
 * A withholding tax on the seller's proceeds. `appliesTo` says which seller it concerns: `foreign` (a foreign person
 * for US tax: FIRPTA) or `non-resident` (not a resident of `state`: HARPTA). `from` is the first sale (closing) date the
 * percent applies to; the row with the latest `from` on or before the closing date wins.
 */
export type WithholdingRate = {
  kind: "FIRPTA" | "HARPTA";
  label: string;
  appliesTo: "foreign" | "non-resident";
  /** Two-letter state the tax belongs to; absent for a federal tax (every state). */
  state?: string;
  /** Percent of the base (the gross price for FIRPTA, the amount realised for HARPTA). */
  percent: number;
  from: IsoDate;
  /** The forms that go with it, for the statement's note. */
  forms: string;
};

/** The `from` of a first row whose start is not recorded: it applies to every earlier date. */
export const EARLIEST: IsoDate = "1900-01-01";

/**
 * FIRPTA: 15% of the gross price for a foreign seller (DOMAIN.md). The 10% row before 2016-02-17 is the rate the PATH
 * Act replaced; it is here only so that a back-dated statement is right, and is not from DOMAIN.md. It starts with FIRPTA
 * withholding itself (1985).
 * HARPTA: 7.25% of the amount realised for a seller who is not a Hawaii resident, 5% for sales before 2018-09-15
 * (DOMAIN.md).
 */
export const WITHHOLDING_RATES: readonly WithholdingRate[] = [
  {
    kind: "FIRPTA",
    label: "FIRPTA withholding",
    appliesTo: "foreign",
    percent: 10,
    from: "1985-01-01",
    forms: "IRS forms 8288 and 8288-A, within 20 days",
  },
  {
    kind: "FIRPTA",
    label: "FIRPTA withholding",
    appliesTo: "foreign",
    percent: 15,
    from: "2016-02-17",
    forms: "IRS forms 8288 and 8288-A, within 20 days",
  },
  {
    kind: "HARPTA",
    label: "HARPTA withholding (Hawaii)",
    appliesTo: "non-resident",
    state: "HI",
    percent: 5,
    from: EARLIEST,
    forms: "Hawaii forms N-288 and N-288A (N-289 claims an exemption)",
  },
  {
    kind: "HARPTA",
    label: "HARPTA withholding (Hawaii)",
    appliesTo: "non-resident",
    state: "HI",
    percent: 7.25,
    from: "2018-09-15",
    forms: "Hawaii forms N-288 and N-288A (N-289 claims an exemption)",
  },
];

/**
 * A deed (documentary stamp) tax charged as `centsPerUnit` for every `unitCents` of the price, or part of one when
 * `roundUpPartUnit` (Florida: "$0.70 per $100 or portion thereof"). It is a closing cost: it goes in the column of
 * whoever pays the closing costs.
 */
export type DeedStampRule = {
  state: string;
  label: string;
  centsPerUnit: number;
  unitCents: number;
  roundUpPartUnit: boolean;
  from: IsoDate;
};

/** Florida deed stamps: $0.70 per $100 of the price (DOMAIN.md). */
export const DEED_STAMP_RULES: readonly DeedStampRule[] = [
  {
    state: "FL",
    label: "Florida deed stamps",
    centsPerUnit: 70,
    unitCents: 10_000,
    roundUpPartUnit: true,
    from: EARLIEST,
  },
];

/**
 * The state each resort's deed is recorded in (DOMAIN.md's resort table: Walt Disney World and Vero Beach are in
 * Florida, Hilton Head in South Carolina, Disneyland in California, Aulani in Hawaii). The resorts table has only a
 * free-text location, so the state is kept here.
 */
export const RESORT_STATES: Readonly<Record<string, string>> = {
  OKW: "FL",
  BWV: "FL",
  BCV: "FL",
  BRV: "FL",
  VB: "FL",
  HHI: "SC",
  SSR: "FL",
  AKV: "FL",
  BLT: "FL",
  VGC: "CA",
  AUL: "HI",
  VGF: "FL",
  PVB: "FL",
  CCV: "FL",
  RIV: "FL",
  VDH: "CA",
  CFW: "FL",
};

/**
 * The state whose residency a seller of this resort declares, because a state withholding (HARPTA) applies to a
 * non-resident there; null when none does (every resort but Aulani today).
 */
export function residencyStateOf(
  resortCode: string,
  rates: readonly WithholdingRate[] = WITHHOLDING_RATES,
  states: Readonly<Record<string, string>> = RESORT_STATES,
): string | null {
  const state = states[resortCode];
  return state && rates.some((r) => r.appliesTo === "non-resident" && r.state === state) ? state : null;
}

/** The row of a dated table in force on `date` (the latest `from` on or before it), or null before the first. */
export function rateInForce<T extends { from: IsoDate }>(rows: readonly T[], date: IsoDate): T | null {
  let best: T | null = null;
  for (const row of rows) {
    if (row.from <= date && (best === null || row.from > best.from)) best = row;
  }
  return best;
}
