import { href } from "react-router";
import type { Db } from "~/db/client.server";
import { sql } from "drizzle-orm";
import { marketMonthly, quickFacts, resortMembershipValues } from "~/db/schema";
import { demoHistory, lastMonths, type MonthFigures } from "~/modules/market/market";
import { marketResorts } from "~/modules/market/market.server";
import { RESALE_PRICE_PER_POINT } from "./demo-data";
import { claimSeedStep, hasRows } from "./seed-steps";

export const MARKET_DEMO_MARKER = "seed.market-demo";
export const MEMBERSHIP_VALUES_MARKER = "seed.membership-values";
export const MARKET_QUICK_FACT_MARKER = "seed.market-quick-fact";
export const DEMO_HISTORY_MONTHS = 24;
/** DOMAIN.md "Resale prices, $/point, July 2021": the reference values' date and source. */
export const JULY_2021 = { asOf: "2021-07-01", source: "Published resale prices, July 2021 (DOMAIN.md)" };

/**
 * Seed steps of the market data: the reference values per point (reference data, always) and, with the demo, 24
 * months of demo history per resort (`is_demo`), never rows in `sales` or `listings`.
 */
export async function seedMarket(db: Db, opts: { demo: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  // The header's Quick facts menu links the market page (an editable quick fact, last in the menu).
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, MARKET_QUICK_FACT_MARKER))) return;
    const [last] = await tx.select({ n: sql<number>`coalesce(max(${quickFacts.sortOrder}), 0)::int` }).from(quickFacts);
    await tx
      .insert(quickFacts)
      .values({
        key: "market_data",
        title: "Open market data",
        value: "Prices per point, sales, days on market and ROFR results by resort and month",
        link: href("/market"),
        sortOrder: (last?.n ?? 0) + 1,
      })
      .onConflictDoNothing();
  });
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, MEMBERSHIP_VALUES_MARKER))) return;
    if (await hasRows(tx, resortMembershipValues)) return; // seeded before the marker existed: the admin's rows
    const rs = await marketResorts(tx);
    const rows = rs.flatMap((r) =>
      RESALE_PRICE_PER_POINT[r.code] === undefined
        ? []
        : [{ resortId: r.id, valuePerPointCents: RESALE_PRICE_PER_POINT[r.code] * 100, ...JULY_2021 }],
    );
    if (rows.length) await tx.insert(resortMembershipValues).values(rows);
  });
  if (!opts.demo) return;
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, MARKET_DEMO_MARKER))) return;
    const rs = await marketResorts(tx);
    const months = lastMonths(now, DEMO_HISTORY_MONTHS);
    for (const [i, r] of rs.entries()) {
      const base = RESALE_PRICE_PER_POINT[r.code];
      if (base === undefined) continue;
      const history: (MonthFigures & { month: string })[] = demoHistory(base, months, 2021_07 + i);
      await tx
        .insert(marketMonthly)
        .values(history.map((h) => ({ resortId: r.id, ...h, isDemo: true, refreshedAt: now })))
        .onConflictDoNothing();
    }
  });
}
