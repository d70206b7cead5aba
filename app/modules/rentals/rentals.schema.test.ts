import { describe, expect, it } from "vitest";
import { parseRentalSearch } from "./rentals.schema";

const ok = (body: Record<string, unknown>) => {
  const parsed = parseRentalSearch(body);
  if (!parsed.success) throw new Error(parsed.error);
  return parsed.data;
};

describe("parseRentalSearch", () => {
  it("gives the defaults: no filters, 20 a page, page 1, check-in soonest first", () => {
    expect(ok({ type: 1 })).toEqual({
      nights: null,
      pricePerNight: null,
      resort: null,
      checkIn: null,
      brokers: [],
      roomIds: [],
      limit: 20,
      page: 1,
      orderBy: { column: "check_in", order: "asc" },
    });
  });

  it("maps the checkIn list to a range of days: days, months, open ends, one value or an object", () => {
    expect(ok({ checkIn: ["2026-12-04", "2027-01-15"] }).checkIn).toEqual({ from: "2026-12-04", to: "2027-01-15" });
    expect(ok({ checkIn: ["2026-12", "2027-02"] }).checkIn).toEqual({ from: "2026-12-01", to: "2027-02-28" });
    expect(ok({ checkIn: ["2026-12-10", null] }).checkIn).toEqual({ from: "2026-12-10", to: null });
    expect(ok({ checkIn: "2028-02" }).checkIn).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(ok({ checkIn: ["2026-12-24"] }).checkIn).toEqual({ from: "2026-12-24", to: "2026-12-24" });
    expect(ok({ checkIn: { from: null, to: "2027-01" } }).checkIn).toEqual({ from: null, to: "2027-01-31" });
    expect(ok({ checkIn: [null, null] }).checkIn).toBeNull();
    expect(ok({ checkIn: [] }).checkIn).toBeNull();
  });

  it("reads numbers given as strings, codes in any case, filters nested under `filters`", () => {
    const data = ok({ filters: { nights: ["2", "7"], resort: "akv", room_ids: ["3", 3, 5] }, limit: "50" });
    expect(data).toMatchObject({ nights: { min: 2, max: 7 }, resort: "AKV", roomIds: [3, 5], limit: 50 });
    expect(ok({ pricePerNight: { min: 90, max: null } }).pricePerNight).toEqual({ min: 90, max: null });
  });

  it("names every bad field at once", () => {
    const parsed = parseRentalSearch({ nights: [9, 2], checkIn: ["2027-02-29", null], limit: 1000, orderBy: "x" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(Object.keys(parsed.fields).sort()).toEqual(["checkIn", "limit", "nights", "orderBy"]);
    expect(parsed.error).toMatch(/inverted/);
  });
});

describe("orderBy", () => {
  it("takes { column, order } or a column name, and refuses anything else", () => {
    expect(ok({ orderBy: { column: "nights", order: "desc" } }).orderBy).toEqual({ column: "nights", order: "desc" });
    expect(ok({ orderBy: "price_per_night" }).orderBy).toEqual({ column: "price_per_night", order: "asc" });
    for (const orderBy of ["x", 5, [1], { column: "points" }, { column: "nights", order: "up" }]) {
      expect(parseRentalSearch({ orderBy }).success).toBe(false);
    }
  });
});
