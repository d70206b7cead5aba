import { describe, expect, it } from "vitest";
import { checkRange, RESORT_CODE_RE, toNumber } from "./search-constants";

describe("toNumber", () => {
  it("reads plain decimals, empty as null, anything else as undefined", () => {
    expect(toNumber("12")).toBe(12);
    expect(toNumber(" 12.5 ")).toBe(12.5);
    expect(toNumber("-3")).toBe(-3);
    expect(toNumber(7)).toBe(7);
    expect(toNumber("")).toBeNull();
    expect(toNumber(null)).toBeNull();
    expect(toNumber(undefined)).toBeNull();
    for (const bad of ["1e3", "0x10", "12abc", ".5", "NaN", Number.POSITIVE_INFINITY, Number.NaN, {}, [], true]) {
      expect(toNumber(bad)).toBeUndefined();
    }
  });
});

describe("checkRange", () => {
  it("gives the range, with open ends as null, and null when both ends are open", () => {
    expect(checkRange("points", "100", "200")).toEqual({ ok: true, range: { min: 100, max: 200 } });
    expect(checkRange("pricePerPoint", null, 130)).toEqual({ ok: true, range: { min: null, max: 130 } });
    expect(checkRange("score", "30", "")).toEqual({ ok: true, range: { min: 30, max: null } });
    expect(checkRange("price", null, null)).toEqual({ ok: true, range: null });
    expect(checkRange("score", "50", "50")).toEqual({ ok: true, range: { min: 50, max: 50 } });
  });

  it("refuses non-numbers, values outside the filter's limits and inverted ranges, saying why", () => {
    expect(checkRange("points", "abc", null)).toEqual({ ok: false, message: "Points range must hold two numbers." });
    expect(checkRange("score", "0", "500")).toEqual({ ok: false, message: "Score must be between 0 and 100." });
    expect(checkRange("pointPercentage", "-1", null)).toEqual({
      ok: false,
      message: "Point percentage must be between 0 and 100.",
    });
    expect(checkRange("pricePerPoint", "200", "100")).toEqual({
      ok: false,
      message: "Price per point range is inverted: the minimum 200 is above the maximum 100.",
    });
    expect(checkRange("price", 0, 1_000_000_000)).toEqual({ ok: true, range: { min: 0, max: 1_000_000_000 } });
    expect(checkRange("price", 0, 1_000_000_001).ok).toBe(false);
  });
});

describe("RESORT_CODE_RE", () => {
  it("takes resort codes and refuses anything else", () => {
    for (const ok of ["AKV", "blt", "VGF2", "A-B"]) expect(RESORT_CODE_RE.test(ok)).toBe(true);
    for (const bad of ["", "1AKV", "!!", "AKV;drop", "A".repeat(21), "AK V"])
      expect(RESORT_CODE_RE.test(bad)).toBe(false);
  });
});
