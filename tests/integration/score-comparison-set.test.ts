import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { listings, resorts, scoreVersion } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import {
  type AppraisalContract,
  appraisalPerPointCents,
  type ScoreExplanation,
  type ScoreListing,
  scoreListings,
} from "~/modules/listings/score";
import { selectActiveListingsForScore, selectResortsForScore } from "~/modules/listings/score.queries.server";
import { appraiseContractNow, explainScore, explainScores, recomputeScores } from "~/modules/listings/score.server";
import { getScoreWeights } from "~/modules/settings/tweaks.server";
import { buildListing } from "../factories";
import { startTestServices } from "../fixtures/services";

// Decision 0097: the explanations and the rvc appraisal come from a comparison set each process keeps per score
// version. They must be what the full scan (`scoreListings` over every active listing) gives, after every recompute.
const services = await startTestServices();
const db = services.db;
const NOW = new Date("2027-03-15T12:00:00Z");

// The market of this file, built with factories: the seed's listings leave the market.
await db
  .update(listings)
  .set({ listingStatusId: LISTING_STATUS.deactivated })
  .where(eq(listings.listingStatusId, LISTING_STATUS.active));
// OKW: dues not known. HHI: no end year.
await db.update(resorts).set({ duesPerPointCents: null }).where(eq(resorts.code, "OKW"));
await db.update(resorts).set({ contractEndYear: null }).where(eq(resorts.code, "HHI"));

let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const built: Record<string, number[]> = {};
async function market(code: string, n: number, base: number) {
  for (let i = 0; i < n; i++) {
    const points = [100, 150, 160, 200, 250][Math.floor(rand() * 5)];
    const l = await buildListing(db, {
      resortCode: code,
      points,
      pricePerPointCents: base + Math.floor(rand() * 4000),
    });
    // Every third listing has banked points, every fifth misses some current-year points.
    const prev = i % 3 === 1 ? Math.floor(points / 4) : 0;
    const curr = i % 5 === 2 ? points - 20 : points;
    await db.update(listings).set({ prevYearPoints: prev, currYearPoints: curr }).where(eq(listings.id, l.id));
    built[code] = [...(built[code] ?? []), l.id];
  }
}
await market("BLT", 15, 15000);
await market("BCV", 8, 16000);
await market("AKV", 1, 11000); // no comparable at its resort: the market basis
await market("VGF", 2, 17000);
await market("OKW", 4, 9000); // unknown dues: plain listings scored among themselves, the others not at all
await market("HHI", 2, 8000); // no end year: no market basis
await buildListing(db, { resortCode: "BLT", pricePerPointCents: 1000, isTest: true });
await buildListing(db, { resortCode: "BLT", pricePerPointCents: 1000, status: LISTING_STATUS.deactivated });
const ids = Object.values(built).flat();

/** What the code gave before decision 0097: the whole market scored at `now`. */
async function fullScan(now: Date) {
  const [active, resortRows] = [await selectActiveListingsForScore(db), await selectResortsForScore(db)];
  return {
    active,
    resortRows,
    weights: await getScoreWeights(db),
    all: scoreListings(active, resortRows, now, await getScoreWeights(db)),
  };
}

async function appraiseByFullScan(contract: AppraisalContract, now: Date) {
  const { active, resortRows, weights } = await fullScan(now);
  const run = (pricePerPointCents: number) => {
    const me: ScoreListing = { ...contract, id: -1, pricePerPointCents };
    const explanation = scoreListings([...active, me], resortRows, now, weights).get(-1) as ScoreExplanation;
    return { appraisalCents: appraisalPerPointCents(explanation), explanation };
  };
  const first = run(1);
  return first.appraisalCents === null ? first : run(first.appraisalCents);
}

async function resortId(code: string) {
  const [r] = await db.select({ id: resorts.id }).from(resorts).where(eq(resorts.code, code));
  return r.id;
}
const contracts: [string, Omit<AppraisalContract, "resortId">][] = [
  ["BLT", { contractPoints: 150, prevYearPoints: 0, currYearPoints: 150 }],
  ["BLT", { contractPoints: 200, prevYearPoints: 50, currYearPoints: 120 }],
  ["AKV", { contractPoints: 150, prevYearPoints: 0, currYearPoints: 150 }], // one comparable
  ["VGF", { contractPoints: 100, prevYearPoints: 20, currYearPoints: 100 }], // two
  ["SSR", { contractPoints: 160, prevYearPoints: 0, currYearPoints: 160 }], // none at its resort
  ["OKW", { contractPoints: 150, prevYearPoints: 0, currYearPoints: 150 }], // unknown dues, plain
  ["OKW", { contractPoints: 150, prevYearPoints: 30, currYearPoints: 150 }], // unknown dues, banked: no appraisal
  ["HHI", { contractPoints: 150, prevYearPoints: 0, currYearPoints: 150 }], // no end year
];

/** Every listing's explanation, asked for one at a time (so that nothing but the version can refresh the set). */
async function expectEveryListingAsFullScan(now: Date, only = ids) {
  const { all } = await fullScan(now);
  for (const id of only) expect(await explainScore(db, id, now), `listing ${id}`).toEqual(all.get(id) ?? null);
}

describe("the comparison set kept per score version (decision 0097)", () => {
  it("explains every listing of a market built with factories as the full scan does, now and later", async () => {
    await recomputeScores(db, { now: NOW });
    const { all } = await fullScan(NOW);
    expect([...all.values()].some((x) => x.basis === "market")).toBe(true);
    expect([...all.values()].some((x) => x.basis === "resort")).toBe(true);
    expect([...all.values()].some((x) => x.score === null)).toBe(true);
    await expectEveryListingAsFullScan(NOW);
    // The annualised costs move with the clock: the explanation is the full scan's at the time asked.
    await expectEveryListingAsFullScan(new Date("2031-07-01T00:00:00Z"));
    const together = await explainScores(db, [...ids, 999_999], NOW);
    expect(together).toEqual(new Map(ids.map((id) => [id, all.get(id)])));
  });

  it("appraises contracts as the full scan with the contract added does: no, one or few comparables, unknown dues, no end year", async () => {
    for (const now of [NOW, new Date("2040-02-01T00:00:00Z")])
      for (const [code, c] of contracts) {
        const contract = { ...c, resortId: await resortId(code) };
        expect(await appraiseContractNow(db, contract, now), `${code} ${JSON.stringify(c)}`).toEqual(
          await appraiseByFullScan(contract, now),
        );
      }
  });

  it("reads the set again when another process recomputes (the version moves), and at once when a listing asked for or a resort changed", async () => {
    // A repriced listing, asked for before its scores are recomputed: the set is read again for it.
    const [blt1, blt2, blt3] = built.BLT;
    await db.update(listings).set({ pricePerPointCents: 9000 }).where(eq(listings.id, blt1));
    const { all } = await fullScan(NOW);
    expect(await explainScore(db, blt1, NOW)).toEqual(all.get(blt1));
    // Changes elsewhere (a reprice, a listing gone, a new one), then a recompute by another process (its own set).
    await db.update(listings).set({ pricePerPointCents: 30000 }).where(eq(listings.id, blt2));
    await db.update(listings).set({ listingStatusId: LISTING_STATUS.sold }).where(eq(listings.id, built.AKV[0]));
    const added = await buildListing(db, { resortCode: "VGF", pricePerPointCents: 12000 });
    const otherProcess = Object.create(db) as Db;
    await recomputeScores(otherProcess, { now: NOW });
    const others = ids.filter((id) => id !== blt2 && id !== built.AKV[0]);
    await expectEveryListingAsFullScan(NOW, [blt3, ...others]);
    expect(await explainScore(db, built.AKV[0], NOW)).toBeNull();
    await expectEveryListingAsFullScan(NOW, [blt2, added.id]);
    // A resort's dues edited: the appraisal is the full scan's before any recompute.
    await db.update(resorts).set({ duesPerPointCents: 990 }).where(eq(resorts.code, "BLT"));
    const contract = { ...contracts[1][1], resortId: await resortId("BLT") };
    expect(await appraiseContractNow(db, contract, NOW)).toEqual(await appraiseByFullScan(contract, NOW));
    await recomputeScores(otherProcess, { now: NOW });
    await expectEveryListingAsFullScan(NOW);
    for (const [code, c] of contracts) {
      const contract = { ...c, resortId: await resortId(code) };
      expect(await appraiseContractNow(db, contract, NOW)).toEqual(await appraiseByFullScan(contract, NOW));
    }
  });

  it("keeps the version in one row that every recompute moves on", async () => {
    const [before] = await db.select().from(scoreVersion);
    await recomputeScores(db, { now: NOW });
    const after = await db.select().from(scoreVersion);
    expect(after).toHaveLength(1);
    expect(after[0].version).toBe(before.version + 1);
  });
});
