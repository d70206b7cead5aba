import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { readResortPrices } from "~/modules/market/market.server";
import { averageGrowth } from "./dues-prices";
import {
  selectDataDates,
  selectDuesHistory,
  selectLatestDues,
  selectPointResorts,
  selectResortExists,
  selectRetailPrices,
  selectSameDuesYear,
  selectSameRetailDate,
  updateResortCurrentDues,
  upsertDuesRow,
} from "./dues-prices.queries.server";

/**
 * One truth for dues (decision 0075): the history (`resort_dues`) holds every year's figure; the resort's current
 * figure (`resorts.dues_per_point_cents` for `dues_year`, which listing scores read) is always its latest row.
 * Saving the annual-dues screen writes that year's row; saving a history row moves the resort's current figure
 * when it is (or was) the latest.
 */

/** Where a figure saved on the annual-dues screen without a source comes from, as the history names it. */
export const ANNUAL_DUES_SCREEN_SOURCE = "Entered on the annual dues screen (no source given)";

/**
 * The annual-dues screen's save (in its transaction): with a figure and a year, that year's history row takes them.
 * A year earlier than the latest on record is refused (the current figure is the latest year's): 400, nothing written.
 */
export async function keepDuesHistory(
  tx: Tx,
  resortId: number,
  cols: { duesPerPointCents?: unknown; duesYear?: unknown; duesSource?: unknown; duesEstimated?: unknown },
) {
  const cents = cols.duesPerPointCents;
  const year = cols.duesYear;
  if (typeof cents !== "number" || typeof year !== "number") return;
  const latest = await selectLatestDues(tx, resortId, null);
  if (latest && latest.year > year) {
    const message = `The dues history already has ${latest.year}: the current figure is the latest year's. Enter ${latest.year} or later here, or correct ${year} in the dues history.`;
    throw new AppError("BAD_INPUT", message, { dues_year: [message] });
  }
  await upsertDuesRow(tx, {
    resortId,
    year,
    duesPerPointCents: cents,
    source: typeof cols.duesSource === "string" && cols.duesSource ? cols.duesSource : ANNUAL_DUES_SCREEN_SOURCE,
    estimated: cols.duesEstimated === true,
  });
}

/**
 * A history row's save (create, edit or CSV import, in its transaction): one row per resort and year (400 otherwise),
 * then the resort's current figure follows its latest row, this one included.
 */
export async function checkDuesRow(
  tx: Tx,
  args: {
    id: number | null;
    previousResortId: number | null;
    row: { resortId: number; year: number; duesPerPointCents: number; source: string; estimated: boolean };
  },
) {
  const { row } = args;
  if (!(await selectResortExists(tx, row.resortId))) {
    throw new AppError("BAD_INPUT", "Choose one of the resorts.", { resort_id: ["Choose one of the resorts."] });
  }
  if (await selectSameDuesYear(tx, row.resortId, row.year, args.id)) {
    const message = `This resort already has dues for ${row.year}: edit that row instead.`;
    throw new AppError("BAD_INPUT", message, { year: [message] });
  }
  const other = await selectLatestDues(tx, row.resortId, args.id);
  await updateResortCurrentDues(tx, row.resortId, !other || row.year >= other.year ? row : other);
  if (args.previousResortId !== null && args.previousResortId !== row.resortId) {
    await updateResortCurrentDues(
      tx,
      args.previousResortId,
      await selectLatestDues(tx, args.previousResortId, args.id),
    );
  }
}

/** A direct price's save: one row per resort and date (400 otherwise). */
export async function checkRetailRow(tx: Tx, args: { id: number | null; resortId: number; pricedOn: string }) {
  if (!(await selectResortExists(tx, args.resortId))) {
    throw new AppError("BAD_INPUT", "Choose one of the resorts.", { resort_id: ["Choose one of the resorts."] });
  }
  if (await selectSameRetailDate(tx, args.resortId, args.pricedOn, args.id)) {
    const message = "This resort already has a direct price on that date: edit that row instead.";
    throw new AppError("BAD_INPUT", message, { priced_on: [message] });
  }
}

export type DuesHistoryEntry = { year: number; perPointCents: number; source: string; estimated: boolean };

/** A resort's dues on record, oldest year first (the resort page's overview and the dues guide). */
export async function duesHistoryFor(db: Db, resortId: number): Promise<DuesHistoryEntry[]> {
  return (await selectDuesHistory(db, resortId)).map(toEntry);
}

const toEntry = (r: { year: number; duesPerPointCents: number; source: string; estimated: boolean }) => ({
  year: r.year,
  perPointCents: r.duesPerPointCents,
  source: r.source,
  estimated: r.estimated,
});

export type ResortPrices = {
  id: number;
  code: string;
  name: string;
  slug: string;
  contractEndYear: number | null;
  extendedEndYear: number | null;
  endYearSource: string | null;
  dues: DuesHistoryEntry[];
  /** The latest year on record, if any. */
  latestDues: DuesHistoryEntry | null;
  /** The average yearly growth between the first and last year on record (null with fewer than two). */
  growth: number | null;
  retail: { pricedOn: string; perPointCents: number; source: string }[];
  latestRetail: { pricedOn: string; perPointCents: number; source: string } | null;
  asking: { medianCents: number | null; count: number };
  sold: { medianCents: number | null; count: number };
};

const NO_MARKET = { asking: { medianCents: null, count: 0 }, sold: { medianCents: null, count: 0 } };

/**
 * Every point resort with its dues history, direct prices, and the product's own market: the median asking price of
 * the live listings and the median sold price of the sales closed in the last `RECENT_SALES_DAYS` days, as the
 * market's hourly refresh computed them (issue 34: `market_resort_prices`, no scan of listings or sales per request;
 * `dates.market` says when).
 */
export async function resortPrices(
  db: Db,
): Promise<{ resorts: ResortPrices[]; dates: { dues: Date | null; retail: Date | null; market: Date | null } }> {
  const [list, history, retail, market, dataDates] = await Promise.all([
    selectPointResorts(db),
    selectDuesHistory(db),
    selectRetailPrices(db),
    readResortPrices(db),
    selectDataDates(db),
  ]);
  const dates = { ...dataDates, market: market.refreshedAt };
  const group = <T extends { resortId: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.resortId, [...(map.get(r.resortId) ?? []), r]);
    return map;
  };
  const duesBy = group(history);
  const retailBy = group(retail);
  return {
    dates,
    resorts: list.map((r) => {
      const dues = (duesBy.get(r.id) ?? []).map(toEntry);
      const prices = (retailBy.get(r.id) ?? []).map((p) => ({
        pricedOn: String(p.pricedOn),
        perPointCents: p.pricePerPointCents,
        source: p.source,
      }));
      const now = market.byResort.get(r.id) ?? NO_MARKET;
      return {
        id: r.id,
        code: r.code,
        name: r.name,
        slug: r.slug,
        contractEndYear: r.contractEndYear,
        extendedEndYear: r.extendedEndYear,
        endYearSource: r.endYearSource,
        dues,
        latestDues: dues.at(-1) ?? null,
        growth: averageGrowth(dues.map((d) => ({ year: d.year, duesPerPointCents: d.perPointCents }))),
        retail: prices,
        latestRetail: prices.at(-1) ?? null,
        asking: now.asking,
        sold: now.sold,
      };
    }),
  };
}
