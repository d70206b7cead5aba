/**
 * Issue 31: the dues history and Disney's direct prices, from DOMAIN.md. Reference data (seeded once, then the
 * admin's): the 2022 dues as published; the years from 2023 to each resort's current figure are our estimates (the
 * 2022 figure grown 4% a year, DOMAIN.md's "roughly 3-5%"), marked so; the current figure is copied from the resort
 * itself, so the history's latest row and the resort agree (decision 0075). Direct prices: July 2021, as reported.
 */
import { isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { disneyRetailPrices, resortDues, resorts } from "~/db/schema";
import { formatPerPoint } from "~/lib/format";
import { claimSeedStep, hasRows } from "./seed-steps";

const MARKER = "seed.resort_prices_seeded_at";

/** DOMAIN.md "Annual dues": 2022 dues, cents per point. */
export const DUES_2022_CENTS: Record<string, number> = {
  AKV: 824,
  BLT: 708,
  BCV: 754,
  BRV: 815,
  CCV: 760,
  VGC: 748,
  VGF: 701,
  HHI: 1007,
  OKW: 881,
  RIV: 838,
  SSR: 733,
  VB: 1194,
};
export const DUES_2022_SOURCE = "Dues per point published for 2022";
const ESTIMATE_GROWTH = 0.04;

/** DOMAIN.md "Money": direct prices from the developer, July 2021, dollars per point. */
export const DIRECT_2021: Record<string, number> = {
  AKV: 186,
  AUL: 201,
  BLT: 245,
  BCV: 245,
  BWV: 210,
  BRV: 190,
  CCV: 225,
  VGC: 310,
  VGF: 255,
  HHI: 135,
  OKW: 170,
  RIV: 201,
  SSR: 165,
};
export const DIRECT_2021_DATE = "2021-07-01";
export const DIRECT_2021_SOURCE = "Disney's direct price per point in July 2021, as reported by resale brokers";

export async function seedResortPrices(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, MARKER))) return;
    if (await hasRows(tx, resortDues)) return;
    const list = await tx
      .select({
        id: resorts.id,
        code: resorts.code,
        cents: resorts.duesPerPointCents,
        year: resorts.duesYear,
        source: resorts.duesSource,
        estimated: resorts.duesEstimated,
      })
      .from(resorts)
      .where(isNotNull(resorts.code));
    const dues: (typeof resortDues.$inferInsert)[] = [];
    const retail: (typeof disneyRetailPrices.$inferInsert)[] = [];
    for (const r of list) {
      const published = DUES_2022_CENTS[r.code];
      const currentYear = r.cents !== null && r.year !== null ? r.year : null;
      if (published !== undefined) {
        dues.push({ resortId: r.id, year: 2022, duesPerPointCents: published, source: DUES_2022_SOURCE });
        const lastEstimate = currentYear === null ? 2022 : currentYear - 1;
        for (let year = 2023; year <= lastEstimate; year++) {
          dues.push({
            resortId: r.id,
            year,
            duesPerPointCents: Math.round(published * (1 + ESTIMATE_GROWTH) ** (year - 2022)),
            source: `Our estimate, from the published 2022 dues of ${formatPerPoint(published)} raised about 4% a year`,
            estimated: true,
          });
        }
      }
      if (currentYear !== null && r.cents !== null && !(published !== undefined && currentYear === 2022)) {
        dues.push({
          resortId: r.id,
          year: currentYear,
          duesPerPointCents: r.cents,
          source: r.source ?? "Our estimate",
          estimated: r.estimated,
        });
      }
      const direct = DIRECT_2021[r.code];
      if (direct !== undefined) {
        retail.push({
          resortId: r.id,
          pricedOn: DIRECT_2021_DATE,
          pricePerPointCents: direct * 100,
          source: DIRECT_2021_SOURCE,
        });
      }
    }
    if (dues.length) await tx.insert(resortDues).values(dues).onConflictDoNothing();
    if (retail.length) await tx.insert(disneyRetailPrices).values(retail).onConflictDoNothing();
  });
}
