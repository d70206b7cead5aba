import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { agreements, listings, marketMonthly, resortMembershipValues, resorts, sales } from "~/db/schema";
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
 * Recomputes the monthly table from the product's own listings and sales (the `market.refresh-monthly` job, nightly
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
    return { months: computed.size };
  });
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
