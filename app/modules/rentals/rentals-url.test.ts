import { describe, expect, it } from "vitest";
import {
  activeFilters,
  applyChange,
  clearedState,
  emptyState,
  isCanonical,
  readUrl,
  writeUrl,
} from "~/lib/facets/facets";
import { expectAnyQueryStringReads } from "~/lib/facets/facets.testing";
import { addDays, formatStayDate, parseDay, parseMonth, todayIn } from "./rentals-constants";
import { checkInMonths, RENTAL_BANDS, RENTAL_SEARCH, type RentalsQuery, rentalsHref } from "./rentals-url";
import { toRentalSearch } from "./rentals.schema";

const DEFAULT_RENTALS_QUERY = emptyState(RENTAL_SEARCH);
const parse = (qs: string) => {
  const { state: query, ignored } = readUrl(RENTAL_SEARCH, new URLSearchParams(qs));
  return { query, ignored };
};
const activeRentalFilters = (q: RentalsQuery, bounds = {}) => activeFilters(RENTAL_SEARCH, q, bounds);

const FULL: RentalsQuery = {
  resort: "AKV",
  checkIn: { from: "2026-12-01", to: "2027-01-15" },
  nights: { min: 1, max: 5 },
  pricePerNight: { min: 90, max: 130.5 },
  roomIds: [1, 4],
  brokers: [2],
  limit: 50,
  page: 3,
  orderBy: { column: "price_per_night", order: "desc" },
};

describe("reading a /rentals query string", () => {
  it("gives the defaults for an empty query: 20 a page, page 1, check-in soonest first", () => {
    const { query, ignored } = parse("");
    expect(query).toEqual(DEFAULT_RENTALS_QUERY);
    expect(ignored).toEqual([]);
    expect(query.limit).toBe(20);
    expect(query.orderBy).toEqual({ column: "check_in", order: "asc" });
    // The server checks it once more with the body's schema: the same filters.
    expect(toRentalSearch(query)).toEqual(query);
  });

  it("reads every filter of the canonical form", () => {
    const { query, ignored } = parse(
      "resort=akv&checkin=2026-12-01..2027-01-15&nights=1-5&ppn=90-130.5&room=4&room=1&room=4&broker=2&limit=50&sort=ppn-desc&page=3",
    );
    expect(ignored).toEqual([]);
    expect(query).toEqual(FULL);
  });

  it("reads the form's fields (checkin_from/_to, _min/_max) the same way", () => {
    const { query, ignored } = parse(
      "resort=AKV&checkin_from=2026-12-01&checkin_to=2027-01-15&nights_min=1&nights_max=5&ppn_min=90&ppn_max=130.5&room=1&room=4&broker=2&limit=50&sort=ppn-desc&page=3",
    );
    expect(ignored).toEqual([]);
    expect(query).toEqual(FULL);
  });

  it("takes open ends", () => {
    expect(parse("checkin=2026-12-01..").query.checkIn).toEqual({ from: "2026-12-01", to: null });
    expect(parse("checkin=..2027-01-15").query.checkIn).toEqual({ from: null, to: "2027-01-15" });
    expect(parse("nights=7-").query.nights).toEqual({ min: 7, max: null });
    expect(parse("ppn_max=200").query.pricePerNight).toEqual({ min: null, max: 200 });
    expect(parse("nights=all&resort=all").query).toEqual(DEFAULT_RENTALS_QUERY);
  });

  it.each([
    ["nights=abc", "nights"],
    ["nights=5-1", "nights"],
    ["nights=1-99", "nights"],
    ["nights=1.5-3", "nights"],
    ["nights=-1-3", "nights"],
    ["ppn=200-100", "ppn"],
    ["ppn=1e9-", "ppn"],
    ["ppn_min=cheap", "ppn"],
    ["checkin=2027-02-30..", "checkin"],
    ["checkin=2027-01-15..2026-12-01", "checkin"],
    ["checkin=2026-12-01", "checkin"],
    ["checkin_from=tomorrow", "checkin"],
    ["checkin_from=0000-01-01", "checkin"],
    ["resort=AK%20V", "resort"],
    ["resort=AKV&resort=BLT", "resort"],
    ["room=x", "room"],
    ["room=0", "room"],
    ["broker=-3", "broker"],
    ["limit=500", "limit"],
    ["limit=0", "limit"],
    ["page=0", "page"],
    ["page=1.5", "page"],
    ["sort=id-asc", "sort"],
  ])("drops %s and names %s", (qs, key) => {
    const { query, ignored } = parse(qs);
    expect(ignored).toEqual([key]);
    expect(query).toEqual(DEFAULT_RENTALS_QUERY);
  });

  it("keeps the good ids of a list and names the bad", () => {
    const { query, ignored } = parse("room=3&room=zz&broker=1");
    expect(query.roomIds).toEqual([3]);
    expect(query.brokers).toEqual([1]);
    expect(ignored).toEqual(["room"]);
  });
});

describe("writing a /rentals query string", () => {
  it("round-trips every query through the URL", () => {
    const queries: RentalsQuery[] = [
      DEFAULT_RENTALS_QUERY,
      FULL,
      { ...DEFAULT_RENTALS_QUERY, checkIn: { from: null, to: "2027-03-31" }, nights: { min: null, max: 3 } },
      { ...DEFAULT_RENTALS_QUERY, roomIds: [7], orderBy: { column: "nights", order: "asc" } },
    ];
    for (const q of queries) {
      const params = writeUrl(RENTAL_SEARCH, q);
      const back = parse(params.toString());
      expect(back.ignored).toEqual([]);
      expect(back.query).toEqual(q);
      expect(isCanonical(RENTAL_SEARCH, params, q)).toBe(true);
      expect(toRentalSearch(q)).toEqual(q);
    }
  });

  it("leaves defaults out and orders the keys", () => {
    expect(rentalsHref(DEFAULT_RENTALS_QUERY)).toBe("/rentals");
    expect(rentalsHref(FULL)).toBe(
      "/rentals?resort=AKV&checkin=2026-12-01..2027-01-15&nights=1-5&ppn=90-130.5&room=1&room=4&broker=2&limit=50&sort=ppn-desc&page=3",
    );
    expect(
      isCanonical(RENTAL_SEARCH, new URLSearchParams("resort=akv"), { ...DEFAULT_RENTALS_QUERY, resort: "AKV" }),
    ).toBe(false);
  });
});

describe("bands, clear and changes", () => {
  it("has the SPEC's bands: nights 1-5, price per night $90-$130 and $130-$170", () => {
    expect(RENTAL_BANDS.nights[0]).toEqual({ label: "1-5", range: { min: 1, max: 5 } });
    expect(RENTAL_BANDS.pricePerNight.slice(0, 2)).toEqual([
      { label: "$90-$130", range: { min: 90, max: 130 } },
      { label: "$130-$170", range: { min: 130, max: 170 } },
    ]);
    for (const b of [...RENTAL_BANDS.nights, ...RENTAL_BANDS.pricePerNight]) {
      const key = RENTAL_BANDS.nights.includes(b) ? "nights" : "pricePerNight";
      const param = RENTAL_SEARCH.facets[key].param;
      expect(parse(`${param}=${b.range.min ?? ""}-${b.range.max ?? ""}`).query[key]).toEqual(b.range);
    }
  });

  it("Clear resets every filter and the page size, and keeps the sort", () => {
    expect(clearedState(RENTAL_SEARCH, FULL)).toEqual({ ...DEFAULT_RENTALS_QUERY, orderBy: FULL.orderBy });
    expect(activeRentalFilters(FULL)).toBe(6);
    expect(activeRentalFilters(clearedState(RENTAL_SEARCH, FULL))).toBe(0);
  });

  it("counts a range as active only when it narrows the data's bounds", () => {
    const bounds = { nights: [1, 14] as const, pricePerNight: [152, 3195] as const };
    const wide = { ...DEFAULT_RENTALS_QUERY, nights: { min: 1, max: 14 }, pricePerNight: { min: 100, max: null } };
    expect(activeRentalFilters(wide, bounds)).toBe(0);
    expect(activeRentalFilters({ ...wide, nights: { min: 1, max: 5 } }, bounds)).toBe(1);
    expect(activeRentalFilters({ ...wide, pricePerNight: { min: 200, max: null } }, bounds)).toBe(1);
    expect(activeRentalFilters(wide)).toBe(2); // without bounds every range counts
  });

  it("a change goes back to page 1, and keeps the sort", () => {
    expect(applyChange(RENTAL_SEARCH, FULL, { ...FULL, resort: "BLT" })).toEqual({ ...FULL, resort: "BLT", page: 1 });
  });

  it("offers this month and the next ten as check-in months", () => {
    const months = checkInMonths("2026-11-22");
    expect(months).toHaveLength(11);
    expect(months[0]).toEqual({ month: "2026-11", range: { from: "2026-11-01", to: "2026-11-30" } });
    expect(months[3]).toEqual({ month: "2027-02", range: { from: "2027-02-01", to: "2027-02-28" } });
    expect(months[10].month).toBe("2027-09");
  });
});

describe("calendar days", () => {
  it("checks real days and months", () => {
    expect(parseDay("2028-02-29")).toBe("2028-02-29");
    expect(parseDay("2027-02-29")).toBeNull();
    expect(parseDay("2027-13-01")).toBeNull();
    expect(parseMonth("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(parseMonth("2028-00")).toBeNull();
  });

  it("adds days across months and years, and writes them with their weekday", () => {
    expect(addDays("2026-12-28", 5)).toBe("2027-01-02");
    expect(formatStayDate("2026-12-04")).toBe("Fri, Dec 4, 2026");
  });

  it("takes today in New York", () => {
    // 03:00 UTC on Nov 23 is still Nov 22 in New York.
    expect(todayIn(undefined, new Date("2026-11-23T03:00:00Z"))).toBe("2026-11-22");
  });
});

describe("any query string", () => {
  it("reads without throwing, and the server's check of the page query agrees (never a 500)", () => {
    expectAnyQueryStringReads(RENTAL_SEARCH, toRentalSearch, ["AKV", "2026-12-01..2027-01-15", "90-130.5"]);
  });
});
