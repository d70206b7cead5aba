import { inArray } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { formatPrice, scoreBand } from "~/lib/format";
import { listPublishedPosts } from "~/modules/blog/blog.server";
import { getShellData } from "~/modules/content/shell.server";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { explainScore } from "~/modules/listings/score.server";
import { saveTweaks } from "~/modules/settings/tweaks.server";
import { pointCalculator } from "~/modules/resorts/point-charts.server";
import { PointCalculatorResult } from "~/modules/resorts/ui/point-calculator";
import { MemoryRouter } from "react-router";
import {
  createListing,
  getListingLimits,
  getResortComparables,
  listListableResorts,
  updateListing,
} from "~/modules/listings/inventory.server";
import { comparablesText } from "~/modules/listings/inventory-comparables";
import { buildListing, buildUser, resortByCode, viewerOf } from "../factories";
import { workQueued } from "../fixtures/jobs";
import { makeRequest, startTestServices } from "../fixtures/services";

/**
 * Decision 0088: the /admin/tweaks sections added for issue 33. Each test changes a section through the engine's save
 * (typed, validated, journaled) and shows the behaviour the section governs change.
 */
const services = await startTestServices();
const db = services.db;
const admin = viewerOf(await buildUser(db, { role: "admin" }));
const save = (intent: string, input: Record<string, unknown>) =>
  saveTweaks(services, { actor: admin, input: { intent, ...input } });
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return e;
    throw e;
  }
  throw new Error("Expected a refusal");
};

const DEAL = {
  deal_great_from: "80",
  deal_good_from: "60",
  deal_fair_from: "40",
  deal_above_from: "20",
  score_per_spread: "25",
  score_min_comparables: "3",
  score_min_spread_percent: "6",
  blog_posts_per_page: "9",
};

describe("blog and good deal meter", () => {
  it("the score's weights: saving recomputes every stored score with them", async () => {
    // Five listings at one resort, priced apart: a spread of their own around the median.
    const built = [];
    for (const dollars of [150, 160, 165, 170, 180])
      built.push(await buildListing(db, { resortCode: "PVB", pricePerPointCents: dollars * 100 }));
    const ids = built.map((l) => l.id);
    await save("deal-meter", DEAL);
    await workQueued(services, LISTINGS_QUEUES.recomputeScores);
    const scores = async () =>
      new Map((await db.select().from(listings).where(inArray(listings.id, ids))).map((l) => [l.id, l.score]));
    const before = await scores();
    const cheapest = before.get(ids[0]) as number;
    expect(cheapest).toBeGreaterThan(50);
    expect(cheapest).toBeLessThan(100);

    // Half the points a spread: each score lies half as far from 50; the save queued the recompute.
    await save("deal-meter", { ...DEAL, score_per_spread: "10" });
    expect(await workQueued(services, LISTINGS_QUEUES.recomputeScores)).toBeGreaterThan(0);
    const after = await scores();
    for (const id of ids) {
      const [b, a] = [before.get(id) as number, after.get(id) as number];
      if (b <= 0 || b >= 100) continue; // limited to the scale: no proportion to keep
      expect(Math.abs(a - (50 + ((b - 50) * 10) / 25))).toBeLessThanOrEqual(1);
    }
    expect(after.get(ids[0])).toBeLessThan(cheapest);
    // The explanation shown to buyers states the weight used.
    const explanation = await explainScore(db, ids[0]);
    expect(explanation?.weights.scorePerSpread).toBe(10);

    // Comparables: a resort needs more listings than it has to be compared on its own; this resort's dues are not
    // known, so the market basis (annualised cost) is closed to it too: no score.
    await save("deal-meter", { ...DEAL, score_min_comparables: "20" });
    expect((await explainScore(db, ids[0]))?.basis).toBe("none");
    expect((await explainScore(db, ids[0]))?.score).toBeNull();
    await save("deal-meter", DEAL);
    expect((await explainScore(db, ids[0]))?.basis).toBe("resort");
  });

  it("the thresholds: the meter's words for a score follow them, on every page (the shell carries them)", async () => {
    // Every meter reads the root's shell data (`useScoreBands`) and words a score with `scoreBand`.
    const meter = async (score: number) => {
      const shell = await getShellData(makeRequest("/listings"));
      return scoreBand(score, shell.scoreBands).label;
    };
    await save("deal-meter", DEAL);
    expect(await meter(70)).toBe("Good value");
    await save("deal-meter", { ...DEAL, deal_great_from: "70", deal_good_from: "55" });
    expect(await meter(70)).toBe("Great value");
    expect(await meter(58)).toBe("Good value");
    await save("deal-meter", DEAL);
    expect(await meter(58)).toBe("Fair price");
  });

  it("refuses thresholds out of order, writing nothing", async () => {
    const e = await refusal(save("deal-meter", { ...DEAL, deal_good_from: "85" }));
    expect(e.code).toBe("BAD_INPUT");
    expect(e.fields?.deal_great_from?.[0]).toBe('"Great value" must start above "Good value".');
    const shell = await getShellData(makeRequest("/"));
    expect(shell.scoreBands.find((b) => b.tone === "good")?.min).toBe(60);
  });

  it("blog posts a page: the blog's list pages by the saved number", async () => {
    const first = await listPublishedPosts({ db }, { topic: null, q: null, page: 1 });
    expect(first.total).toBeGreaterThan(3);
    await save("deal-meter", { ...DEAL, blog_posts_per_page: "3" });
    const paged = await listPublishedPosts({ db }, { topic: null, q: null, page: 1 });
    expect(paged.posts).toHaveLength(3);
    expect(paged.totalPages).toBe(Math.ceil(first.total / 3));
    await save("deal-meter", DEAL);
    expect((await listPublishedPosts({ db }, { topic: null, q: null, page: 1 })).posts.length).toBe(
      Math.min(9, first.total),
    );
  });
});

describe("listing info", () => {
  const LISTING_INFO = {
    listing_points_min: "25",
    listing_points_max: "2000",
    listing_price_min: "50",
    listing_price_max: "400",
  };
  const form = async () => ({
    resortId: (await resortByCode(db, "BLT")).id,
    useMonth: 6,
    contractPoints: 100,
    prevYearPoints: 0,
    currYearPoints: 100,
    nextYearPoints: 100,
    pricePerPoint: 120,
    noHaggle: false,
  });

  it("a listing outside the saved contract size or price is refused with the field's message; inside, accepted", async () => {
    const seller = viewerOf(await buildUser(db, { role: "seller" }));
    const created = await createListing(services, { actor: seller, input: await form() });
    const row = async (id: number) =>
      (
        await db
          .select()
          .from(listings)
          .where(inArray(listings.id, [id]))
      )[0];
    expect((await row(created.id)).contractPoints).toBe(100);

    await save("listing-info", { ...LISTING_INFO, listing_points_min: "150", listing_price_max: "110" });
    expect(await getListingLimits(db)).toEqual({
      contractPointsMin: 150,
      contractPointsMax: 2000,
      priceMin: 50,
      priceMax: 110,
      useMonths: [2, 3, 4, 6, 8, 9, 10, 12],
    });
    const e = await refusal(createListing(services, { actor: seller, input: await form() }));
    expect(e.code).toBe("BAD_INPUT");
    expect(e.fields?.contractPoints).toEqual(["A contract listed here has at least 150 points."]);
    expect(e.fields?.pricePerPoint).toEqual(["The price per point can be at most $110/pt."]);
    // An edit is held to the same limits.
    const edit = await refusal(
      updateListing(services, {
        actor: seller,
        input: { id: created.id, values: { ...(await form()), contractPoints: 160 } },
      }),
    );
    expect(edit.fields?.pricePerPoint).toEqual(["The price per point can be at most $110/pt."]);
    const ok = await createListing(services, {
      actor: seller,
      input: { ...(await form()), contractPoints: 160, currYearPoints: 160, nextYearPoints: 160, pricePerPoint: 105 },
    });
    expect((await row(ok.id)).pricePerPointCents).toBe(10_500);
    await save("listing-info", LISTING_INFO);
  });

  it("refuses a largest contract below the smallest", async () => {
    const e = await refusal(
      save("listing-info", { ...LISTING_INFO, listing_points_min: "300", listing_points_max: "200" }),
    );
    expect(e.fields?.listing_points_max).toEqual(["The largest contract cannot be smaller than the smallest."]);
    expect((await getListingLimits(db)).contractPointsMin).toBe(25);
  });
});

describe("pricing strategy", () => {
  const STRATEGY = { pricing_min_comparables: "3", pricing_range: "quartiles", pricing_band_percent: "10" };
  it("the seller's suggested range follows the saved strategy: the middle half, a band around the median, or none", async () => {
    // The resort with the fewest listings for sale, given three more.
    const before = await getResortComparables(services);
    const count = (id: number) => before[id]?.count ?? 0;
    const [resort] = (await listListableResorts(services)).sort((a, b) => count(a.id) - count(b.id));
    for (const dollars of [100, 140, 180])
      await buildListing(db, { resortCode: resort.code, pricePerPointCents: dollars * 100 });
    await save("pricing-strategy", STRATEGY);
    const quartiles = (await getResortComparables(services))[resort.id];
    expect(quartiles.count).toBeGreaterThanOrEqual(3);
    expect(quartiles.count).toBeLessThan(20);
    const median = quartiles.medianCents as number;
    expect(quartiles.bandPercent).toBeNull();
    expect(comparablesText(quartiles)).toContain("the middle half ask");

    await save("pricing-strategy", { ...STRATEGY, pricing_range: "band", pricing_band_percent: "5" });
    const band = (await getResortComparables(services))[resort.id];
    expect(band.medianCents).toBe(median);
    expect(band.lowCents).toBe(Math.round(median * 0.95));
    expect(band.highCents).toBe(Math.round(median * 1.05));
    expect(comparablesText(band)).toContain("5% either side of it");

    await save("pricing-strategy", { ...STRATEGY, pricing_min_comparables: String(quartiles.count + 1) });
    const none = (await getResortComparables(services))[resort.id];
    expect(none.medianCents).toBeNull();
    expect(comparablesText(none)).toContain("too few for a median or a suggested range");
    await save("pricing-strategy", STRATEGY);
  });

  it("refuses a range that is not one of the list", async () => {
    const e = await refusal(save("pricing-strategy", { ...STRATEGY, pricing_range: "guess" }));
    expect(e.code).toBe("BAD_INPUT");
    expect(e.fields?.pricing_range?.[0]).toBe("Choose suggested range from the list.");
  });
});

describe("chart value", () => {
  it("the point calculator values the stay's points at the saved value per point; zero shows points only", async () => {
    const year = new Date().getUTCFullYear() + 1;
    const query = {
      resort: "",
      room: "deluxe-studio",
      view: "standard",
      checkIn: `${year}-09-28`,
      checkOut: `${year}-10-03`,
    };
    const vgc = (await pointCalculator(db, { room: "deluxe-studio" })).resorts.find((r) => r.code === "VGC");
    const ask = async () => {
      const page = await pointCalculator(db, { ...query, resort: vgc?.slug ?? "" });
      if (!page.result) throw new Error(page.error ?? "No result");
      const html = renderToString(
        createElement(MemoryRouter, null, createElement(PointCalculatorResult, { result: page.result })),
      );
      return { result: page.result, value: /data-testid="stay-value"[^>]*>([^<]+)</.exec(html)?.[1] ?? null };
    };
    await save("chart-value", { chart_value_per_point: "20" });
    const at20 = await ask();
    expect(at20.result.value).toEqual({ perPointCents: 2000, totalCents: 2000 * at20.result.total });
    expect(at20.value).toBe(formatPrice(2000 * at20.result.total));

    await save("chart-value", { chart_value_per_point: "25" });
    expect((await ask()).result.value?.totalCents).toBe(2500 * at20.result.total);

    await save("chart-value", { chart_value_per_point: "0" });
    const hidden = await ask();
    expect(hidden.result.value).toBeNull();
    expect(hidden.value).toBeNull();
    await save("chart-value", { chart_value_per_point: "20" });
  });
});

describe("membership", () => {
  it("a stripped contract or too many banked points is refused once the saved rules say so", async () => {
    const seller = viewerOf(await buildUser(db, { role: "seller" }));
    const stripped = {
      resortId: (await resortByCode(db, "BLT")).id,
      useMonth: 6,
      contractPoints: 100,
      prevYearPoints: 0,
      currYearPoints: 60,
      nextYearPoints: 100,
      pricePerPoint: 120,
      noHaggle: false,
    };
    expect((await createListing(services, { actor: seller, input: stripped })).id).toBeGreaterThan(0);
    await save("membership", { membership_banked_max_multiple: "1" });
    const e = await refusal(createListing(services, { actor: seller, input: { ...stripped, prevYearPoints: 150 } }));
    expect(e.fields?.currYearPoints?.[0]).toBe(
      "Stripped contracts are not listed here: the current use year must hold all 100 points.",
    );
    expect(e.fields?.prevYearPoints?.[0]).toBe("Banked points can be at most the contract's 100 points.");
    await save("membership", { membership_allow_stripped: "on", membership_banked_max_multiple: "2" });
    expect(
      (await createListing(services, { actor: seller, input: { ...stripped, prevYearPoints: 150 } })).id,
    ).toBeGreaterThan(0);
  });
});
