import { and, eq, gte, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brokers, rentalListings, resorts, rooms } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { addDays, todayIn } from "~/modules/rentals/rentals-constants";
import { parseRentalSearch } from "~/modules/rentals/rentals.schema";
import { searchRentals } from "~/modules/rentals/rentals.server";
import { action } from "~/routes/api/dvc-broker-listings";
import { loader as pageLoader } from "~/routes/public/rentals";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;
const today = todayIn();

const search = (json: Record<string, unknown>) =>
  callRoute(action as never, makeRequest("/api/dvc-broker-listings", { json: { type: 1, ...json } }));
type Row = {
  id: number;
  listing_code: string;
  resort_code: string;
  room_id: number;
  room_name: string;
  check_in: string;
  check_out: string;
  nights: number;
  points: number;
  price_per_night_cents: number;
  total_price_cents: number;
  listing_status_id: number;
  broker: { id: number; name: string } | null;
};
async function all(json: Record<string, unknown>): Promise<Row[]> {
  const res = await search({ ...json, limit: 100, page: 1 });
  expect(res.status).toBe(200);
  const rows: Row[] = [...res.body.data];
  for (let p = 2; p <= res.body.meta.total_pages; p++)
    rows.push(...(await search({ ...json, limit: 100, page: p })).body.data);
  expect(rows.length).toBe(res.body.meta.total);
  return rows;
}
const listable = and(
  eq(rentalListings.listingStatusId, 3),
  eq(rentalListings.isTest, false),
  gte(rentalListings.checkIn, today),
);
const [{ n: LISTABLE }] = await db.select({ n: sql<number>`count(*)::int` }).from(rentalListings).where(listable);
const roomList = await db.select().from(rooms).orderBy(rooms.sortOrder);
const roomId = (slug: string) => roomList.find((r) => r.slug === slug)?.id as number;

describe("reference and demo data", () => {
  it("seeds the seven room types of the point charts with how many they sleep", () => {
    expect(roomList.map((r) => [r.name, r.sleeps])).toEqual([
      ["Deluxe Studio", 4],
      ["One-Bedroom Villa", 5],
      ["Two-Bedroom Villa", 9],
      ["Three-Bedroom Grand Villa", 12],
      ["Bungalow", 8],
      ["Cabin", 8],
      ["Treehouse Villa", 9],
    ]);
  });

  it("seeds 120 rentals over the resorts and room types, a few from brokers, a handful deactivated", async () => {
    const rows = await db
      .select({ r: rentalListings, code: resorts.code, room: rooms.slug })
      .from(rentalListings)
      .innerJoin(resorts, eq(resorts.id, rentalListings.resortId))
      .innerJoin(rooms, eq(rooms.id, rentalListings.roomId));
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((x) => x.code)).size).toBe(17);
    expect(new Set(rows.map((x) => x.room)).size).toBe(7);
    const byBroker = rows.filter((x) => x.r.source === "broker");
    expect(byBroker.length).toBeGreaterThanOrEqual(5);
    expect(byBroker.length).toBeLessThan(30);
    for (const x of byBroker) expect(x.r.brokerId !== null && x.r.sellerId === null).toBe(true);
    for (const x of rows.filter((y) => y.r.source === "member")) expect(x.r.sellerId).toMatch(/^demo-user-/);
    const off = rows.filter((x) => x.r.listingStatusId === 9);
    expect(off.length).toBeGreaterThanOrEqual(3);
    expect(off.length).toBeLessThanOrEqual(10);
    expect(rows.filter((x) => x.r.listingStatusId === 3).length).toBe(120 - off.length);
    for (const { r, code, room } of rows) {
      expect(r.checkIn > today || r.checkIn === addDays(today, 1)).toBe(true);
      expect(r.checkIn <= addDays(today, 335)).toBe(true);
      expect(r.nights).toBeGreaterThanOrEqual(1);
      expect(r.nights).toBeLessThanOrEqual(14);
      // priced at $17-$25 a point (the nightly price is rounded to whole dollars)
      const perPoint = (r.pricePerNightCents * r.nights) / r.points / 100;
      expect(perPoint).toBeGreaterThan(16);
      expect(perPoint).toBeLessThan(26.5);
      expect(r.pricePerNightCents % 100).toBe(0);
      if (room === "bungalow") expect(code).toBe("PVB");
      if (room === "treehouse-villa") expect(code).toBe("SSR");
      if (room === "cabin") expect(["CCV", "CFW"]).toContain(code);
    }
    // points follow the room's size: a grand villa uses more a night than a studio at the same resort
    const perNight = (slug: string) => {
      const xs = rows.filter((x) => x.room === slug).map((x) => x.r.points / x.r.nights);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    expect(perNight("deluxe-studio")).toBeLessThan(perNight("one-bedroom-villa"));
    expect(perNight("one-bedroom-villa")).toBeLessThan(perNight("two-bedroom-villa"));
    expect(perNight("two-bedroom-villa")).toBeLessThan(perNight("three-bedroom-grand-villa"));
  });
});

describe("seeding again", () => {
  it("adds no room types nor rentals a second time", async () => {
    await seedDatabase(db, { demo: true });
    expect(await db.select().from(rooms)).toHaveLength(7);
    expect(await db.select({ id: rentalListings.id }).from(rentalListings)).toHaveLength(120);
  });
});

describe("POST /api/dvc-broker-listings with type 1", () => {
  it("answers the first 20 listable rentals, check-in soonest first, with meta, lastModified and filters", async () => {
    const res = await search({ page: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.meta).toEqual({
      total: LISTABLE,
      per_page: 20,
      current_page: 1,
      total_pages: Math.ceil(LISTABLE / 20),
    });
    expect(typeof res.body.lastModified).toBe("string");
    const first: Row = res.body.data[0];
    expect(first).toMatchObject({ listing_status_id: 3, listing_code: expect.stringMatching(/^RNT-\d+$/) });
    expect(first.check_out).toBe(addDays(first.check_in, first.nights));
    expect(first.total_price_cents).toBe(first.price_per_night_cents * first.nights);
    const dates = res.body.data.map((r: Row) => r.check_in);
    expect(dates).toEqual([...dates].sort());

    const f = res.body.filters;
    const [b] = await db
      .select({
        nMin: sql<number>`min(nights)`,
        nMax: sql<number>`max(nights)`,
        pMin: sql<number>`min(price_per_night_cents)`,
        pMax: sql<number>`max(price_per_night_cents)`,
      })
      .from(rentalListings)
      .where(listable);
    expect(f.nights).toEqual([b.nMin, b.nMax]);
    expect(f.pricePerNight).toEqual([Math.floor(b.pMin / 100), Math.ceil(b.pMax / 100)]);
    expect(f.resorts).toHaveLength(17);
    expect(f.brokers.length).toBeGreaterThan(0);
    expect(f.rooms.map((r: { name: string }) => r.name)).toEqual(roomList.map((r) => r.name));
    expect(f.rooms.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(LISTABLE);
  });

  it("lists only active, non-test rentals checking in today or later", async () => {
    const [akv] = await db.select().from(resorts).where(eq(resorts.code, "AKV"));
    const base = {
      source: "member" as const,
      sellerId: "demo-user-4",
      resortId: akv.id,
      roomId: roomId("deluxe-studio"),
      nights: 3,
      points: 45,
      pricePerNightCents: 300_00,
      listingStatusId: 3,
    };
    await db.insert(rentalListings).values([
      { ...base, listingCode: "RNT-T-PAST", checkIn: addDays(today, -1) },
      { ...base, listingCode: "RNT-T-TEST", checkIn: addDays(today, 3), isTest: true },
      { ...base, listingCode: "RNT-T-OFF", checkIn: addDays(today, 3), listingStatusId: 9 },
      { ...base, listingCode: "RNT-T-TODAY", checkIn: today },
    ]);
    const codes = (await all({})).map((r) => r.listing_code);
    expect(codes).toContain("RNT-T-TODAY");
    for (const c of ["RNT-T-PAST", "RNT-T-TEST", "RNT-T-OFF"]) expect(codes).not.toContain(c);
    expect(codes).toHaveLength(LISTABLE + 1);
    await db.delete(rentalListings).where(sql`listing_code like 'RNT-T-%'`);
  });

  it("filters by nights, price per night (dollars), resort code or id, check-in, brokers and room types", async () => {
    const nights = await all({ nights: [1, 5] });
    expect(nights.length).toBeGreaterThan(0);
    for (const r of nights) expect(r.nights >= 1 && r.nights <= 5).toBe(true);

    const ppn = await all({ pricePerNight: [300, 600] });
    expect(ppn.length).toBeGreaterThan(0);
    for (const r of ppn) expect(r.price_per_night_cents >= 300_00 && r.price_per_night_cents <= 600_00).toBe(true);

    const [akv] = await db.select().from(resorts).where(eq(resorts.code, "AKV"));
    const byCode = await all({ resort: "akv" });
    expect(byCode.length).toBeGreaterThan(0);
    for (const r of byCode) expect(r.resort_code).toBe("AKV");
    expect((await all({ resort: akv.id })).map((r) => r.id)).toEqual(byCode.map((r) => r.id));

    const from = addDays(today, 60);
    const to = addDays(today, 120);
    const window = await all({ checkIn: [from, to] });
    expect(window.length).toBeGreaterThan(0);
    for (const r of window) expect(r.check_in >= from && r.check_in <= to).toBe(true);
    const month = addDays(today, 90).slice(0, 7);
    const inMonth = await all({ checkIn: [month, month] });
    expect(inMonth.length).toBeGreaterThan(0);
    for (const r of inMonth) expect(r.check_in.slice(0, 7)).toBe(month);
    expect((await all({ checkIn: month })).map((r) => r.id)).toEqual(inMonth.map((r) => r.id));
    const later = await all({ checkIn: { from, to: null } });
    for (const r of later) expect(r.check_in >= from).toBe(true);

    const [broker] = await db.select().from(brokers).orderBy(brokers.id).limit(1);
    const byBroker = await all({ brokers: [broker.id] });
    expect(byBroker.length).toBeGreaterThan(0);
    for (const r of byBroker) expect(r.broker?.id).toBe(broker.id);

    const studiosAndCabins = await all({ room_ids: [roomId("deluxe-studio"), roomId("cabin")] });
    expect(new Set(studiosAndCabins.map((r) => r.room_name))).toEqual(new Set(["Deluxe Studio", "Cabin"]));

    const combined = await all({ resort: "SSR", room_ids: [roomId("treehouse-villa")], nights: [1, 14] });
    expect(combined.length).toBeGreaterThan(0);
    for (const r of combined) expect(r.resort_code === "SSR" && r.room_name === "Treehouse Villa").toBe(true);
  });

  it("accepts the filters nested under `filters` too", async () => {
    const res = await search({ filters: { resort: "BLT" } });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const r of res.body.data) expect(r.resort_code).toBe("BLT");
  });

  it.each([
    ["check_in", "asc", (r: Row) => r.check_in],
    ["check_in", "desc", (r: Row) => r.check_in],
    ["price_per_night", "asc", (r: Row) => r.price_per_night_cents],
    ["price_per_night", "desc", (r: Row) => r.price_per_night_cents],
    ["nights", "asc", (r: Row) => r.nights],
    ["nights", "desc", (r: Row) => r.nights],
  ] as const)("sorts by %s %s, with stable paging", async (column, order, key) => {
    const rows = await all({ orderBy: { column, order } });
    expect(rows.length).toBe(LISTABLE);
    const keys: (string | number)[] = rows.map((r) => (key as (r: Row) => string | number)(r));
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(order === "asc" ? sorted : sorted.reverse());
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it("pages: total_pages, the last page, and a page past the last answers no rows", async () => {
    const first = await search({ limit: 25 });
    const lastPage = first.body.meta.total_pages;
    expect(lastPage).toBe(Math.ceil(LISTABLE / 25));
    const last = await search({ limit: 25, page: lastPage });
    expect(last.body.data).toHaveLength(LISTABLE - 25 * (lastPage - 1));
    const past = await search({ limit: 25, page: lastPage + 1 });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toEqual({
      total: LISTABLE,
      per_page: 25,
      current_page: lastPage + 1,
      total_pages: lastPage,
    });
    const none = await search({ nights: [20, 30] });
    expect(none.body.meta).toEqual({ total: 0, per_page: 20, current_page: 1, total_pages: 0 });
  });

  it.each([
    [{ nights: [5, 1] }, "nights", /inverted/],
    [{ nights: ["many", 3] }, "nights", /two numbers/],
    [{ nights: 3 }, "nights", /range/],
    [{ nights: [1, 99] }, "nights", /between 0 and 30/],
    [{ pricePerNight: [500, 100] }, "pricePerNight", /inverted/],
    [{ pricePerNight: [-5, 100] }, "pricePerNight", /between 0 and/],
    [{ resort: "NOPE" }, "resort", /Unknown resort: NOPE/],
    [{ resort: [1] }, "resort", /resort code/],
    [{ checkIn: ["2027-02-30", null] }, "checkIn", /Check-in must be/],
    [{ checkIn: ["2027-03-01", "2027-01-01"] }, "checkIn", /inverted/],
    [{ checkIn: [1, 2, 3] }, "checkIn", /Check-in must be/],
    [{ brokers: [999999] }, "brokers", /Unknown broker id: 999999/],
    [{ brokers: ["x"] }, "brokers", /broker/],
    [{ room_ids: [999999, 999998] }, "room_ids", /Unknown room type ids: 999999, 999998/],
    [{ room_ids: [{}] }, "room_ids", /rooms ids/],
    [{ limit: 101 }, "limit", /1 to 100/],
    [{ limit: "ten" }, "limit", /whole number/],
    [{ page: 0 }, "page", /1 to/],
    [{ orderBy: { column: "points; drop table rental_listings" } }, "orderBy", /check_in, price_per_night, nights/],
    [{ orderBy: { column: "nights", order: "sideways" } }, "orderBy", /asc or desc/],
  ])("rejects %j with a 400 naming the field", async (body, field, message) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]?.join(" ")).toMatch(message);
    expect(res.body.error).toMatch(message);
  });

  it("takes type as a number or a string, and refuses other types", async () => {
    const asString = await callRoute(action as never, makeRequest("/api/dvc-broker-listings", { json: { type: "1" } }));
    expect(asString.status).toBe(200);
    expect(asString.body.meta.per_page).toBe(20);
    const other = await callRoute(action as never, makeRequest("/api/dvc-broker-listings", { json: { type: "rent" } }));
    expect(other.status).toBe(400);
    expect(other.body.fields.type.join(" ")).toMatch(/0 \(resale listings\) or 1 \(rentals\)/);
  });

  it("never answers 500 nor throws, whatever JSON arrives", async () => {
    const keys = fc.constantFrom(
      "nights",
      "pricePerNight",
      "resort",
      "checkIn",
      "brokers",
      "room_ids",
      "limit",
      "page",
      "orderBy",
      "filters",
      "column",
      "order",
    );
    const day = fc
      .date({ min: new Date("1899-01-01"), max: new Date("3001-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.tuple(
        fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null), day),
        fc.oneof(
          fc.integer(),
          fc.string(),
          fc.constant(null),
          day,
          day.map((d) => d.slice(0, 7)),
        ),
      ),
      fc.record({
        column: fc.oneof(fc.string(), fc.constantFrom("check_in", "nights", "price_per_night")),
        order: fc.oneof(fc.string(), fc.constantFrom("asc", "desc")),
      }),
      fc.constantFrom("AKV", "2026-13", "2026-02-29", "1e309", "-1", "NaN", "", "0x10", 2 ** 31, -(2 ** 63), 1e300),
    );
    const body = fc.dictionary(fc.oneof(keys, fc.string()), value, { maxKeys: 6 });
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await search(b);
        expect([200, 400]).toContain(res.status);
        if (res.status === 400) expect(typeof res.body.error).toBe("string");
        else expect(Array.isArray(res.body.data)).toBe(true);
      }),
      { numRuns: 250 },
    );
  });
});

describe("searchRentals", () => {
  it("takes today from its caller: a later today hides the rentals before it", async () => {
    const parsed = parseRentalSearch({ limit: 100 });
    if (!parsed.success) throw new Error(parsed.error);
    const later = addDays(today, 150);
    const result = await searchRentals(db, parsed.data, { today: later });
    expect(result.meta.total).toBeGreaterThan(0);
    expect(result.meta.total).toBeLessThan(LISTABLE);
    for (const r of result.data) expect(r.check_in >= later).toBe(true);
  });
});

describe("the /rentals page loader", () => {
  const page = (qs: string) => callRoute(pageLoader as never, makeRequest(`/rentals${qs}`));

  it("answers the first 20 rentals with the choices", async () => {
    const res = await page("");
    expect(res.status).toBe(200);
    expect(res.body.rentals).toHaveLength(20);
    expect(res.body.meta.total).toBe(LISTABLE);
    expect(res.body.notice).toBe(false);
    expect(res.body.choices.rooms).toHaveLength(7);
    expect(res.body.today).toBe(today);
  });

  it("redirects a form submission to the canonical query", async () => {
    const res = await page(
      "?sort=checkin-asc&resort=&nights_min=1&nights_max=5&ppn_min=&ppn_max=&checkin_from=&checkin_to=",
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/rentals?nights=1-5");
  });

  it("drops what it cannot read or does not know, with a notice, never an error", async () => {
    const res = await page("?resort=NOPE&room=999999&broker=888888&nights=9-1&sort=x&page=abc");
    expect(res.status).toBe(200);
    expect(res.body.notice).toBe(true);
    expect(res.body.query).toMatchObject({
      resort: null,
      roomIds: [],
      brokers: [],
      nights: null,
      orderBy: { column: "check_in", order: "asc" },
    });
    expect(res.body.rentals).toHaveLength(20);
  });

  it("loads no rows for a page past the last", async () => {
    const res = await page("?page=999");
    expect(res.status).toBe(200);
    expect(res.body.rentals).toEqual([]);
    expect(res.body.meta).toMatchObject({ current_page: 999, total_pages: Math.ceil(LISTABLE / 20) });
  });

  it("filters by resort and room type", async () => {
    const res = await page(`?resort=SSR&room=${roomId("treehouse-villa")}`);
    expect(res.body.rentals.length).toBeGreaterThan(0);
    for (const r of res.body.rentals) expect([r.resortCode, r.roomName]).toEqual(["SSR", "Treehouse Villa"]);
  });
});
