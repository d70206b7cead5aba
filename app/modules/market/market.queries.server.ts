import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { sharedRead } from "~/lib/shared-reads.server";
import { listings, marketMonthly, marketResortPrices, resortMembershipValues, resorts, sales } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { RECENT_SALES_DAYS } from "~/modules/resorts/dues-prices";
import { lastMonths, type MarketMonth, type MonthlyRow, marketMonths } from "./market";

type Conn = Db | Tx;
const DAY_MS = 86_400_000;

/**
 * Recomputes the monthly table from the product's own listings and sales (the `market.refresh-monthly` job, hourly
 * and after seeding) by the method in market.ts, in the database: one statement groups every listing and sale by
 * resort and calendar month (UTC) and writes the figures, so no row crosses into this process (decision 0101: the
 * refresh used to read them all into the process that serves pages, and stalled it for seconds). Idempotent: every
 * month with activity gets its figures (replacing a demo month's when it has sales of our own, not for a few listings
 * alone, whose sold figures would go blank); rows of the product's own that lost their activity go unless an
 * administrator corrected them; demo months stay; every correction is kept.
 */
export async function refreshMarketMonthly(db: Db, now = new Date()) {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with listed as (
        select resort_id, date_trunc('month', posted_at at time zone 'UTC')::date as month,
          count(*)::int as n,
          percentile_cont(0.5) within group (order by price_per_point_cents) as median,
          sum(price_per_point_cents) as total
        from listings
        where not is_test and approved_at is not null
        group by 1, 2
      ),
      sold as (
        select s.resort_id, date_trunc('month', s.closed_at at time zone 'UTC')::date as month,
          count(*)::int as n,
          sum(s.points)::int as points,
          percentile_cont(0.5) within group (order by s.price_per_point_cents) as median,
          percentile_cont(0.5) within group (
            order by case when l.posted_at is not null
              then greatest(0, round(extract(epoch from a.created_at - l.posted_at)::numeric / 86400)) end
          ) as days,
          (count(*) filter (where s.rofr_result = 'waived'))::int as waived,
          (count(*) filter (where s.rofr_result = 'exercised'))::int as exercised,
          sum(s.price_per_point_cents) as total
        from sales s
        join agreements a on a.id = s.agreement_id
        left join listings l on l.id = s.listing_id
        group by 1, 2
      ),
      months as (
        select coalesce(l.resort_id, s.resort_id) as resort_id, coalesce(l.month, s.month) as month,
          coalesce(l.n, 0) as listed_count, round(l.median::numeric)::int as asking_median_cents,
          coalesce(s.n, 0) as sold_count, coalesce(s.points, 0) as sold_points,
          round(s.median::numeric)::int as sold_median_cents, round(s.days::numeric)::int as median_days_on_market,
          coalesce(s.waived, 0) as rofr_waived, coalesce(s.exercised, 0) as rofr_exercised,
          round((coalesce(l.total, 0) + coalesce(s.total, 0))::numeric / (coalesce(l.n, 0) + coalesce(s.n, 0)))::int
            as average_cents
        from listed l full join sold s on s.resort_id = l.resort_id and s.month = l.month
      ),
      kept as (
        select * from months m
        where m.sold_count > 0 or not exists (
          select 1 from market_monthly d where d.is_demo and d.resort_id = m.resort_id and d.month = m.month
        )
      ),
      written as (
        insert into market_monthly (resort_id, month, listed_count, asking_median_cents, sold_count, sold_points,
          sold_median_cents, median_days_on_market, rofr_waived, rofr_exercised, average_cents, is_demo, refreshed_at)
        select resort_id, month, listed_count, asking_median_cents, sold_count, sold_points, sold_median_cents,
          median_days_on_market, rofr_waived, rofr_exercised, average_cents, false, ${now.toISOString()}::timestamptz
        from kept
        on conflict (resort_id, month) do update set
          listed_count = excluded.listed_count, asking_median_cents = excluded.asking_median_cents,
          sold_count = excluded.sold_count, sold_points = excluded.sold_points,
          sold_median_cents = excluded.sold_median_cents, median_days_on_market = excluded.median_days_on_market,
          rofr_waived = excluded.rofr_waived, rofr_exercised = excluded.rofr_exercised,
          average_cents = excluded.average_cents, is_demo = false, refreshed_at = excluded.refreshed_at
        returning 1
      ),
      gone as (
        delete from market_monthly m
        where not m.is_demo and m.corrected_average_cents is null
          and not exists (select 1 from kept k where k.resort_id = m.resort_id and k.month = m.month)
        returning 1
      )
      select (select count(*) from written)::int as months, (select count(*) from gone)::int as removed`);
    await refreshResortPrices(tx, now);
    const [row] = (result as unknown as { rows: { months: number; removed: number }[] }).rows;
    return { months: row.months, removed: row.removed };
  });
}

/** The SQL median of integer cents, rounded half up as the pages' own `median` rounds (null for none). */
const medianCents = (column: typeof listings.pricePerPointCents | typeof sales.pricePerPointCents) =>
  sql<number | null>`round((percentile_cont(0.5) within group (order by ${column}))::numeric)::int`;

/**
 * `market_resort_prices` (issue 34): every resort's median asking price of its live listings and median sold price
 * of the sales closed in the last `RECENT_SALES_DAYS` days, grouped in the database, one row per resort. Part of the
 * monthly refresh (same job, same transaction).
 */
async function refreshResortPrices(tx: Tx, now: Date) {
  const since = new Date(now.getTime() - RECENT_SALES_DAYS * DAY_MS);
  // Distinct column names: drizzle names a subquery's SQL columns without their subquery.
  const asking = tx
    .select({
      resortId: listings.resortId,
      median: medianCents(listings.pricePerPointCents).as("asking_median"),
      n: sql<number>`count(*)::int`.as("asking_n"),
    })
    .from(listings)
    .where(and(eq(listings.listingStatusId, LISTING_STATUS.active), eq(listings.isTest, false)))
    .groupBy(listings.resortId)
    .as("asking");
  const sold = tx
    .select({
      resortId: sales.resortId,
      median: medianCents(sales.pricePerPointCents).as("sold_median"),
      n: sql<number>`count(*)::int`.as("sold_n"),
    })
    .from(sales)
    .where(gte(sales.closedAt, since))
    .groupBy(sales.resortId)
    .as("sold");
  const rows = await tx
    .select({
      resortId: resorts.id,
      askingMedianCents: asking.median,
      askingCount: asking.n,
      soldMedianCents: sold.median,
      soldCount: sold.n,
    })
    .from(resorts)
    .leftJoin(asking, eq(asking.resortId, resorts.id))
    .leftJoin(sold, eq(sold.resortId, resorts.id));
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    resortId: r.resortId,
    askingMedianCents: r.askingMedianCents,
    askingCount: r.askingCount ?? 0,
    soldMedianCents: r.soldMedianCents,
    soldCount: r.soldCount ?? 0,
    soldSince: since,
    refreshedAt: now,
  }));
  await tx
    .insert(marketResortPrices)
    .values(values)
    .onConflictDoUpdate({
      target: marketResortPrices.resortId,
      set: {
        askingMedianCents: sql`excluded.asking_median_cents`,
        askingCount: sql`excluded.asking_count`,
        soldMedianCents: sql`excluded.sold_median_cents`,
        soldCount: sql`excluded.sold_count`,
        soldSince: sql`excluded.sold_since`,
        refreshedAt: sql`excluded.refreshed_at`,
      },
    });
}

export type ResortMarketNow = {
  asking: { medianCents: number | null; count: number };
  sold: { medianCents: number | null; count: number };
};

/**
 * Every resort's market now from `market_resort_prices` (one row per resort, no scan of listings or sales), by resort
 * id, with when it was refreshed (null before the first refresh). A resort without a row has no figures yet.
 */
export async function readResortPrices(db: Conn) {
  const rows = await db.select().from(marketResortPrices);
  const byResort = new Map<number, ResortMarketNow>(
    rows.map((r) => [
      r.resortId,
      {
        asking: { medianCents: r.askingMedianCents, count: r.askingCount },
        sold: { medianCents: r.soldMedianCents, count: r.soldCount },
      },
    ]),
  );
  const last = rows.reduce<Date | null>((at, r) => (at === null || r.refreshedAt > at ? r.refreshedAt : at), null);
  return { byResort, refreshedAt: last };
}

const ROW_COLUMNS = {
  resortId: marketMonthly.resortId,
  month: marketMonthly.month,
  listedCount: marketMonthly.listedCount,
  askingMedianCents: marketMonthly.askingMedianCents,
  soldCount: marketMonthly.soldCount,
  soldPoints: marketMonthly.soldPoints,
  soldMedianCents: marketMonthly.soldMedianCents,
  medianDaysOnMarket: marketMonthly.medianDaysOnMarket,
  rofrWaived: marketMonthly.rofrWaived,
  rofrExercised: marketMonthly.rofrExercised,
  averageCents: marketMonthly.averageCents,
  correctedAverageCents: marketMonthly.correctedAverageCents,
  isDemo: marketMonthly.isDemo,
};

/** The public resorts the market page filters by (the interval-resorts entry has no market). */
export function marketResorts(db: Conn) {
  return db
    .select({ id: resorts.id, code: resorts.code, name: resorts.name, slug: resorts.slug })
    .from(resorts)
    .where(eq(resorts.isInterval, false))
    .orderBy(asc(resorts.sortOrder), asc(resorts.id));
}

export type MarketData = {
  months: MarketMonth[];
  /** When the table was last refreshed (ISO), null when it is empty. */
  refreshedAt: string | null;
  anyDemo: boolean;
  anyCorrected: boolean;
};

/**
 * Every month of one resort (by id) or of all resorts together, from the monthly table only; from `fromMonth`
 * ("2025-01-01") on when given (the market page and its downloads show the last 24 months).
 */
export async function readMarket(db: Conn, resortId: number | null, fromMonth?: string): Promise<MarketData> {
  const ofResort = resortId === null ? undefined : eq(marketMonthly.resortId, resortId);
  const rows: MonthlyRow[] = await db
    .select(ROW_COLUMNS)
    .from(marketMonthly)
    .where(and(ofResort, fromMonth === undefined ? undefined : gte(marketMonthly.month, fromMonth)))
    .orderBy(asc(marketMonthly.month));
  const [last] = await db
    .select({ at: sql<string>`max(${marketMonthly.refreshedAt})` })
    .from(marketMonthly)
    .where(ofResort);
  const months = marketMonths(rows);
  return {
    months,
    refreshedAt: last?.at ? new Date(last.at).toISOString() : null,
    anyDemo: months.some((m) => m.isDemo),
    anyCorrected: months.some((m) => m.averageCorrected),
  };
}

/** The recent sold figures of one resort (the appraisal's closed-sales comparison): the last `months` months. */
export async function recentSales(db: Conn, resortId: number, now: Date, months: number) {
  const from = lastMonths(now, months)[0];
  const rows = await db
    .select({
      soldCount: marketMonthly.soldCount,
      soldMedianCents: marketMonthly.soldMedianCents,
      isDemo: marketMonthly.isDemo,
    })
    .from(marketMonthly)
    .where(and(eq(marketMonthly.resortId, resortId), sql`${marketMonthly.month} >= ${from}`));
  return rows;
}

/** The latest reference value per point of a resort (/admin/resorts/membership-values), null when none. */
export async function latestMembershipValue(db: Conn, resortId: number) {
  const [row] = await db
    .select({
      valuePerPointCents: resortMembershipValues.valuePerPointCents,
      asOf: resortMembershipValues.asOf,
      source: resortMembershipValues.source,
    })
    .from(resortMembershipValues)
    .where(eq(resortMembershipValues.resortId, resortId))
    .orderBy(desc(resortMembershipValues.asOf), desc(resortMembershipValues.id))
    .limit(1);
  return row ?? null;
}

/** Every resort's latest reference value per point (/admin/resorts/membership-values), by resort id. */
export async function latestMembershipValues(db: Conn) {
  const rows = await db
    .selectDistinctOn([resortMembershipValues.resortId], {
      resortId: resortMembershipValues.resortId,
      valuePerPointCents: resortMembershipValues.valuePerPointCents,
      asOf: resortMembershipValues.asOf,
      source: resortMembershipValues.source,
    })
    .from(resortMembershipValues)
    .orderBy(resortMembershipValues.resortId, desc(resortMembershipValues.asOf), desc(resortMembershipValues.id));
  return new Map(rows.map((r) => [r.resortId, r]));
}

export const MARKET_MONTHS_SHOWN = 24;

export type MarketView =
  | {
      ok: true;
      resorts: { code: string; name: string; slug: string }[];
      resort: { code: string; name: string; slug: string } | null;
      data: MarketData;
    }
  | { ok: false; resorts: { code: string; name: string; slug: string }[]; message: string };

/**
 * The market page's and the series calls' one read: the resort asked for (`?resort=<code>`, empty for all resorts),
 * its last 24 months from the monthly table. An unknown resort code is refused (the caller answers 400).
 */
export async function loadMarket(db: Db, resortCode: string | null, now = new Date()): Promise<MarketView> {
  // The same for every visitor, and changed by the hourly refresh or an administrator's write: kept in the process
  // until the next write anywhere (decision 0098), as the shell's reads. Reading and summing a month of every resort
  // was a quarter of a CSV download's CPU (issue 34). Only real resorts make keys: a made-up code reads nothing more.
  const all = await sharedRead("market:resorts", () => marketResorts(db));
  const resorts = all.map(({ code, name, slug }) => ({ code, name, slug }));
  const code = resortCode?.trim().toUpperCase() || null;
  const resort = code === null ? null : all.find((r) => r.code === code);
  if (resort === undefined)
    return { ok: false, resorts, message: `There is no resort with the code “${code}”: choose one from the list.` };
  const from = lastMonths(now, MARKET_MONTHS_SHOWN)[0];
  const resortId = resort?.id ?? null;
  // readMarket reads from `from` on, so its demo and correction flags are already those of the months shown.
  const data = await sharedRead(`market:${resortId ?? "all"}:${from}`, () => readMarket(db, resortId, from));
  return {
    ok: true,
    resorts,
    resort: resort ? { code: resort.code, name: resort.name, slug: resort.slug } : null,
    data,
  };
}

/** The resort the calculator values, null when unknown. */
export async function resortForAppraisal(db: Conn, id: number) {
  const [r] = await db
    .select({
      id: resorts.id,
      name: resorts.name,
      code: resorts.code,
      duesPerPointCents: resorts.duesPerPointCents,
      isInterval: resorts.isInterval,
    })
    .from(resorts)
    .where(eq(resorts.id, id));
  return r && !r.isInterval ? { id: r.id, name: r.name, code: r.code, duesPerPointCents: r.duesPerPointCents } : null;
}
