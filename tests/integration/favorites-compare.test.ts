import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { getShellData } from "~/modules/content/shell.server";
import { COMPARE_COOKIE, COMPARE_FULL_MESSAGE } from "~/modules/listings/compare";
import {
  FAVORITES_COOKIE,
  type FavoriteEntry,
  parseFavoritesCookie,
  serializeFavorites,
} from "~/modules/listings/favorites";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { action as compareAction, loader as compareLoader } from "~/routes/public/compare";
import { action as favoritesAction, loader as favoritesLoader } from "~/routes/public/favorites";
import { applySetCookies, callRoute, makeRequest, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const { db } = services;

const active = await db
  .select()
  .from(listings)
  .where(and(eq(listings.listingStatusId, LISTING_STATUS.active), eq(listings.isTest, false)))
  .orderBy(asc(listings.id))
  .limit(6);
const [a, b, c, d, e, f] = active;

/** Takes a listing off the market the way a seller does (status 9), keeping its approval. */
async function deactivate(id: number) {
  await db.update(listings).set({ listingStatusId: LISTING_STATUS.deactivated }).where(eq(listings.id, id));
}

const post = (path: string, form: Record<string, string>, cookie = "") => makeRequest(path, { form, cookie });
const favoriteToggle = (id: number | string, cookie = "", extra: Record<string, string> = {}) =>
  callRoute(
    favoritesAction as never,
    post("/favorites", { intent: "toggle", listingId: String(id), ...extra }, cookie),
  );
const compareToggle = (id: number | string, cookie = "", extra: Record<string, string> = {}) =>
  callRoute(compareAction as never, post("/compare", { intent: "toggle", listingId: String(id), ...extra }, cookie));
const jar = (cookie: string, res: { headers: Headers }) => applySetCookies(cookie, res.headers.getSetCookie());
const entriesIn = (cookie: string) => {
  const value = cookie.split("; ").find((c) => c.startsWith(`${FAVORITES_COOKIE}=`));
  return parseFavoritesCookie(value?.slice(FAVORITES_COOKIE.length + 1));
};

describe("POST /favorites", () => {
  it("adds a listing with its database values, then removes it on the second toggle", async () => {
    const added = await favoriteToggle(a.id);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ok: true, added: true });
    const setCookie = added.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    let cookie = jar("", added);
    const [entry] = entriesIn(cookie);
    expect(entry[0]).toBe(a.id);
    expect(entry[3]).toBe(a.contractPoints);
    expect(entry[4]).toBe(a.pricePerPointCents / 100);
    expect(entry.slice(5)).toEqual([a.prevYearPoints, a.currYearPoints, a.nextYearPoints]);

    const removed = await favoriteToggle(a.id, cookie);
    expect(removed.body).toMatchObject({ ok: true, added: false });
    cookie = jar(cookie, removed);
    expect(entriesIn(cookie)).toEqual([]);
    expect(removed.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("rewrites lying cookie entries from the database, and the page shows database prices", async () => {
    const forged: FavoriteEntry[] = [[a.id, "Bargain", "Jan", 9999, 1, 999, 999, 999]];
    const cookie = `${FAVORITES_COOKIE}=${serializeFavorites(forged)}`;
    const page = await callRoute(favoritesLoader as never, makeRequest("/favorites", { cookie }));
    expect(page.status).toBe(200);
    expect(page.body.rows).toHaveLength(1);
    expect(page.body.rows[0]).toMatchObject({
      id: a.id,
      pricePerPointCents: a.pricePerPointCents,
      contractPoints: a.contractPoints,
      totalCents: a.contractPoints * a.pricePerPointCents,
      available: true,
    });

    const res = await favoriteToggle(b.id, cookie);
    expect(res.status).toBe(200);
    const entries = entriesIn(jar(cookie, res));
    expect(entries.map((x) => x[0])).toEqual([a.id, b.id]);
    expect(entries[0][4]).toBe(a.pricePerPointCents / 100);
    expect(entries[0][3]).toBe(a.contractPoints);
    expect(entries[0][1]).not.toBe("Bargain");
  });

  it("ignores posted price fields: only the listing id is read", async () => {
    const res = await favoriteToggle(c.id, "", { price: "1", points: "5000", title: "Free" });
    const [entry] = entriesIn(jar("", res));
    expect(entry[4]).toBe(c.pricePerPointCents / 100);
    expect(entry[3]).toBe(c.contractPoints);
  });

  it("a damaged cookie is treated as an empty list", async () => {
    const cookie = `${FAVORITES_COOKIE}=%%%not-ours`;
    const page = await callRoute(favoritesLoader as never, makeRequest("/favorites", { cookie }));
    expect(page.body.rows).toEqual([]);
    const res = await favoriteToggle(a.id, cookie);
    expect(entriesIn(jar(cookie, res)).map((x) => x[0])).toEqual([a.id]);
  });

  it("without JavaScript the form goes back to a local page; a foreign target is not followed", async () => {
    const back = await favoriteToggle(a.id, "", { redirectTo: "/listings?resort=AKV" });
    expect(back.status).toBe(303);
    expect(back.location).toBe("/listings?resort=AKV");
    expect(entriesIn(jar("", back)).map((x) => x[0])).toEqual([a.id]);

    for (const bad of ["https://evil.example/", "//evil.example", "/\t/evil.example"]) {
      const res = await favoriteToggle(a.id, "", { redirectTo: bad });
      expect(res.status, bad).toBe(200);
      expect(res.location).toBeNull();
    }
  });

  it("answers 400 for a missing, malformed or unknown intent and id, writing nothing", async () => {
    const forms: Record<string, string>[] = [
      { intent: "toggle" },
      { intent: "toggle", listingId: "abc" },
      { intent: "toggle", listingId: "-3" },
      { intent: "toggle", listingId: "1.5" },
      { intent: "toggle", listingId: "99999999999" },
      { intent: "delete-all", listingId: String(a.id) },
      {},
    ];
    for (const form of forms) {
      const res = await callRoute(favoritesAction as never, post("/favorites", form));
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body.ok).toBe(false);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    const json = await callRoute(
      favoritesAction as never,
      makeRequest("/favorites", { json: { intent: "toggle", listingId: a.id } }),
    );
    expect(json.status).toBe(400);
  });

  it("refuses a listing that does not exist or is not on the market with a 404", async () => {
    // A listing waiting for approval and a test listing: neither is public.
    const copy = ({ id: _id, listingCode: _code, pointPercentage: _pp, ...rest }: typeof a, code: string) => ({
      ...rest,
      listingCode: code,
    });
    const [pending, testListing] = await db
      .insert(listings)
      .values([
        { ...copy(a, "FAV-PENDING"), listingStatusId: LISTING_STATUS.pending, approvedAt: null },
        { ...copy(a, "FAV-TEST"), isTest: true },
      ])
      .returning();
    const ids = [999_999, pending.id, testListing.id];
    for (const id of ids) {
      const res = await favoriteToggle(id);
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toMatch(/not on the market/);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("a listing that leaves the market stays in the list as no longer available, and cannot be added again", async () => {
    let cookie = "";
    for (const id of [d.id, e.id]) cookie = jar(cookie, await favoriteToggle(id, cookie));
    await deactivate(d.id);

    const page = await callRoute(favoritesLoader as never, makeRequest("/favorites", { cookie }));
    expect(page.body.rows.map((r: { id: number; available: boolean }) => [r.id, r.available])).toEqual([
      [d.id, false],
      [e.id, true],
    ]);

    const removed = await callRoute(
      favoritesAction as never,
      post("/favorites", { intent: "remove", listingId: String(d.id) }, cookie),
    );
    expect(removed.status).toBe(200);
    cookie = jar(cookie, removed);
    expect(entriesIn(cookie).map((x) => x[0])).toEqual([e.id]);

    const again = await favoriteToggle(d.id, cookie);
    expect(again.status).toBe(404);
  });
});

describe("POST /compare", () => {
  it("compares up to four listings and refuses a fifth with a clear message", async () => {
    const [l1, l2, l3, l4, l5] = active.filter((l) => l.id !== d.id);
    let cookie = "";
    for (const l of [l1, l2, l3, l4]) {
      const res = await compareToggle(l.id, cookie);
      expect(res.status).toBe(200);
      expect(res.body.added).toBe(true);
      cookie = jar(cookie, res);
    }
    expect(cookie).toContain(`${COMPARE_COOKIE}=${[l1, l2, l3, l4].map((l) => l.id).join(".")}`);

    const fifth = await compareToggle(l5.id, cookie);
    expect(fifth.status).toBe(409);
    expect(fifth.body.message).toBe(COMPARE_FULL_MESSAGE);
    expect(fifth.headers.get("set-cookie")).toBeNull();

    const page = await callRoute(compareLoader as never, makeRequest("/compare", { cookie }));
    expect(page.status).toBe(200);
    expect(page.body.listings.map((l: { id: number }) => l.id)).toEqual([l1.id, l2.id, l3.id, l4.id]);
    const first = page.body.listings[0];
    expect(first.pricePerPointCents).toBe(l1.pricePerPointCents);
    expect(first.totalCents).toBe(l1.contractPoints * l1.pricePerPointCents);
    expect(first.score.inputs.pricePerPointCents).toBe(l1.pricePerPointCents);
    expect(first.score.score).toBe(l1.score);
    expect(typeof first.score.inputs.actualValuePerPointCents).toBe("number");

    const out = await compareToggle(l2.id, cookie);
    expect(out.body.added).toBe(false);
    cookie = jar(cookie, out);
    const after = await compareToggle(l5.id, cookie);
    expect(after.status).toBe(200);
    expect(jar(cookie, after)).toContain(`${COMPARE_COOKIE}=${[l1, l3, l4, l5].map((l) => l.id).join(".")}`);
  });

  it("refuses listings off the market and bad ids; a forged cookie only yields listings on the market", async () => {
    expect((await compareToggle(d.id)).status).toBe(404);
    expect((await compareToggle("x")).status).toBe(400);
    const cookie = `${COMPARE_COOKIE}=${d.id}.${f.id}.999999`;
    const page = await callRoute(compareLoader as never, makeRequest("/compare", { cookie }));
    expect(page.body.listings.map((l: { id: number }) => l.id)).toEqual([f.id]);
    expect(page.body.dropped).toBe(2);
  });

  it("without JavaScript the form goes back to the page it came from", async () => {
    const res = await compareToggle(f.id, "", { redirectTo: "/compare" });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/compare");
  });
});

describe("shell data", () => {
  it("counts the favorites and lists the compared ids, checked against the database", async () => {
    const favorites: FavoriteEntry[] = [a, b, e].map((l) => [l.id, "t", "Jun", 1, 1, 1, 1, 1]);
    favorites.push([999_999, "gone", "Jun", 1, 1, 1, 1, 1]);
    const cookie = `${FAVORITES_COOKIE}=${serializeFavorites(favorites)}; ${COMPARE_COOKIE}=${c.id}.${d.id}.${f.id}`;
    const shell = await getShellData(makeRequest("/", { cookie }));
    expect(shell.favoritesCount).toBe(3);
    expect(shell.favoriteIds).toEqual([a.id, b.id, e.id]);
    expect(shell.compareIds).toEqual([c.id, f.id]); // d left the market

    const none = await getShellData(makeRequest("/"));
    expect(none.favoritesCount).toBe(0);
    expect(none.compareIds).toEqual([]);
  });
});
