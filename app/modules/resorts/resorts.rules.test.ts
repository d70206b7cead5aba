import { describe, expect, it } from "vitest";
import {
  contractEndDate,
  formatContractEnd,
  hasLongerClosing,
  ORIGINAL_RESORT_CODES,
  type ResortFacts,
  resaleRestrictionsFor,
  yearsLeft,
} from "./resorts.rules";

const AKV: ResortFacts = { code: "AKV", name: "Animal Kingdom Villas", contractEndYear: 2057 };
const OKW: ResortFacts = { code: "OKW", name: "Old Key West", contractEndYear: 2042, extendedEndYear: 2057 };
const RIV: ResortFacts = { code: "RIV", name: "Riviera", contractEndYear: 2070 };
const INT: ResortFacts = { code: "INT", name: "Interval Resorts", contractEndYear: null, isInterval: true };

const ids = (r: ResortFacts, opts?: { purchasedOn?: Date }) => resaleRestrictionsFor(r, opts).map((x) => x.id);

describe("contractEndDate", () => {
  it("is January 31 of the end year", () => {
    expect(contractEndDate(AKV)?.toISOString()).toBe("2057-01-31T00:00:00.000Z");
  });
  it("uses the extended year only when asked and known", () => {
    expect(contractEndDate(OKW)?.getUTCFullYear()).toBe(2042);
    expect(contractEndDate(OKW, { extended: true })?.getUTCFullYear()).toBe(2057);
    expect(contractEndDate(AKV, { extended: true })?.getUTCFullYear()).toBe(2057);
  });
  it("is null without an end year", () => {
    expect(contractEndDate(INT)).toBeNull();
  });
  it("formats as a date", () => {
    expect(formatContractEnd(2057)).toBe("January 31, 2057");
  });
});

describe("yearsLeft", () => {
  it("counts whole years to January 31", () => {
    expect(yearsLeft(AKV, new Date("2026-11-22T12:00:00Z"))).toBe(30);
    expect(yearsLeft(AKV, new Date("2026-01-15T12:00:00Z"))).toBe(31);
    expect(yearsLeft(AKV, new Date("2026-01-31T00:00:00Z"))).toBe(31);
    expect(yearsLeft(AKV, new Date("2026-02-01T00:00:00Z"))).toBe(30);
  });
  it("handles the extended OKW end year", () => {
    const now = new Date("2026-11-22T00:00:00Z");
    expect(yearsLeft(OKW, now)).toBe(15);
    expect(yearsLeft(OKW, now, { extended: true })).toBe(30);
  });
  it("is 0 after the end and null without an end year", () => {
    expect(yearsLeft(AKV, new Date("2060-06-01T00:00:00Z"))).toBe(0);
    expect(yearsLeft(INT, new Date())).toBeNull();
  });
  it("handles a leap day", () => {
    expect(yearsLeft(AKV, new Date("2028-02-29T00:00:00Z"))).toBe(28);
  });
});

describe("resaleRestrictionsFor", () => {
  it("gives every resale contract the Collections and membership-extras rules", () => {
    for (const r of [AKV, OKW, RIV]) {
      expect(ids(r)).toContain("collections");
      expect(ids(r)).toContain("membership-extras");
    }
  });
  it("keeps original-resort resale contracts out of RIV, VDH and CFW", () => {
    expect(ids(AKV)).toEqual(["collections", "membership-extras", "new-resorts"]);
    expect(ORIGINAL_RESORT_CODES).toHaveLength(14);
    for (const code of ORIGINAL_RESORT_CODES) {
      expect(ids({ code, name: code, contractEndYear: 2042 })).toContain("new-resorts");
    }
  });
  it("limits RIV, VDH and CFW resale contracts to their own resort", () => {
    for (const code of ["RIV", "VDH", "CFW"]) {
      const list = ids({ code, name: code, contractEndYear: 2070 });
      expect(list).toContain("own-resort-only");
      expect(list).not.toContain("new-resorts");
    }
    expect(resaleRestrictionsFor(RIV).find((r) => r.id === "own-resort-only")?.title).toBe("Books only Riviera");
  });
  it("grandfathers contracts bought before each date", () => {
    expect(ids(AKV, { purchasedOn: new Date("2019-01-18T00:00:00Z") })).toEqual(["collections", "membership-extras"]);
    expect(ids(AKV, { purchasedOn: new Date("2019-01-19T00:00:00Z") })).toContain("new-resorts");
    expect(ids(AKV, { purchasedOn: new Date("2016-04-03T00:00:00Z") })).toEqual(["collections"]);
    expect(ids(AKV, { purchasedOn: new Date("2016-04-04T00:00:00Z") })).toEqual(["collections", "membership-extras"]);
    expect(ids(AKV, { purchasedOn: new Date("2011-03-20T00:00:00Z") })).toEqual([]);
  });
  it("has nothing for the interval-resorts entry", () => {
    expect(ids(INT)).toEqual([]);
  });
});

describe("hasLongerClosing", () => {
  it("flags Hilton Head, Aulani and Grand Californian", () => {
    expect(["HHI", "AUL", "VGC", "AKV"].map((code) => hasLongerClosing({ code }))).toEqual([true, true, true, false]);
  });
});
