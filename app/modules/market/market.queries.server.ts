import { and, asc, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import {
  agreements,
  listings,
  marketMonthly,
  marketResortPrices,
  resortMembershipValues,
  resorts,
  sales,
} from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { RECENT_SALES_DAYS } from "~/modules/resorts/dues-prices";
import {
  lastMonths,
  type MarketMonth,
  type MonthListing,
  type MonthSale,
  type MonthlyRow,
  marketMonths,
  monthStart,
  summariseMonth,
} from "./market";

type Conn = Db | Tx;
const DAY_MS = 86_400_000;

/**
 * Recomputes the monthly table from the product's own listings and sales (the `market.refresh-monthly` job, hourly
 * and after seeding). Idempotent: every month with activity gets its figures (replacing a demo month's when it has
 * sales of our own), rows of the
 * product's own that lost their activity go unless an administrator corrected them, demo months stay, and every
 * correction is kept.
 */
export async function refreshMarketMonthly(db: Db, now = new Date()) {
  return db.transaction(async (tx) => {
    const listed = await tx
      .select({ resortId: listings.resortId, postedAt: listings.postedAt, askingCents: listings.pricePerPointCents })
      .from(listings)
      .where(and(eq(listings.isTest, false), isNotNull(listings.approvedAt)));
    const sold = await tx
      .select({
        resortId: sales.resortId,
        closedAt: sales.closedAt,
        priceCents: sales.pricePerPointCents,
        points: sales.points,
        rofr: sales.rofrResult,
        agreedAt: agreements.createdAt,
        postedAt: listings.postedAt,
      })
      .from(sales)
      .innerJoin(agreements, eq(agreements.id, sales.agreementId))
      .leftJoin(listings, eq(listings.id, sales.listingId));
    const groups = new Map<string, { resortId: number; month: string; listed: MonthListing[]; sold: MonthSale[] }>();
    const group = (resortId: number, month: string) => {
      const key = `${resortId}|${month}`;
      let g = groups.get(key);
      if (!g) {
        g = { resortId, month, listed: [], sold: [] };
        groups.set(key, g);
      }
      return g;
    };
    for (const l of listed) group(l.resortId, monthStart(l.postedAt)).listed.push({ askingCents: l.askingCents });
    for (const s of sold)
      group(s.resortId, monthStart(s.closedAt)).sold.push({
        priceCents: s.priceCents,
        points: s.points,
        rofr: s.rofr,
        daysOnMarket: s.postedAt ? Math.round((s.agreedAt.getTime() - s.postedAt.getTime()) / DAY_MS) : null,
      });
    const demo = new Set(
      (
        await tx
          .select({ resortId: marketMonthly.resortId, month: marketMonthly.month })
          .from(marketMonthly)
          .where(eq(marketMonthly.isDemo, true))
      ).map((r) => `${r.resortId}|${r.month}`),
    );
    const computed = new Set<string>();
    for (const g of groups.values()) {
      // A demo month gives way to our own sales, not to a few listings alone (its sold figures would go blank).
      if (g.sold.length === 0 && demo.has(`${g.resortId}|${g.month}`)) continue;
      computed.add(`${g.resortId}|${g.month}`);
      const f = summariseMonth(g.listed, g.sold);
      await tx
        .insert(marketMonthly)
        .values({ resortId: g.resortId, month: g.month, ...f, isDemo: false, refreshedAt: now })
        .onConflictDoUpdate({
          target: [marketMonthly.resortId, marketMonthly.month],
          set: { ...f, isDemo: false, refreshedAt: now },
        });
    }
    const own = await tx
      .select({ id: marketMonthly.id, resortId: marketMonthly.resortId, month: marketMonthly.month })
      .from(marketMonthly)
      .where(and(eq(marketMonthly.isDemo, false), sql`${marketMonthly.correctedAverageCents} is null`));
    for (const r of own)
      if (!computed.has(`${r.resortId}|${r.month}`)) await tx.delete(marketMonthly).where(eq(marketMonthly.id, r.id));
    await refreshResortPrices(tx, now);
    return { months: computed.size };
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

/** Every month of one resort (by id) or of all resorts together, from the monthly table only. */
export async function readMarket(db: Conn, resortId: number | null): Promise<MarketData> {
  const where = resortId === null ? undefined : eq(marketMonthly.resortId, resortId);
  const rows: MonthlyRow[] = await db
    .select(ROW_COLUMNS)
    .from(marketMonthly)
    .where(where)
    .orderBy(asc(marketMonthly.month));
  const [last] = await db
    .select({ at: sql<string>`max(${marketMonthly.refreshedAt})` })
    .from(marketMonthly)
    .where(where);
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
  const all = await marketResorts(db);
  const resorts = all.map(({ code, name, slug }) => ({ code, name, slug }));
  const code = resortCode?.trim().toUpperCase() || null;
  const resort = code === null ? null : all.find((r) => r.code === code);
  if (resort === undefined)
    return { ok: false, resorts, message: `There is no resort with the code “${code}”: choose one from the list.` };
  const data = await readMarket(db, resort?.id ?? null);
  const from = lastMonths(now, MARKET_MONTHS_SHOWN)[0];
  const months = data.months.filter((m) => m.month >= from);
  return {
    ok: true,
    resorts,
    resort: resort ? { code: resort.code, name: resort.name, slug: resort.slug } : null,
    data: {
      ...data,
      months,
      anyDemo: months.some((m) => m.isDemo),
      anyCorrected: months.some((m) => m.averageCorrected),
    },
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
