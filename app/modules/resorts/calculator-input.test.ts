import { describe, expect, it } from "vitest";
import { readCompareCalc, readDuesCalc } from "./calculator-input";

const codes = ["AKV", "OKW"];
const q = (s: string) => new URLSearchParams(s);

describe("calculator input", () => {
  it("reads a dues calculation, the resort in any case, growth optional", () => {
    expect(readDuesCalc(q("resort=akv&points=150&growth=3.5&month=5"), codes)).toEqual({
      ok: true,
      input: { resort: "AKV", points: 150, growthPercent: 3.5, closingMonth: 5 },
    });
    expect(readDuesCalc(q("resort=OKW&points=200&growth=&month="), codes)).toEqual({
      ok: true,
      input: { resort: "OKW", points: 200, growthPercent: null, closingMonth: null },
    });
  });
  it("names every bad field", () => {
    const r = readDuesCalc(q("resort=ZZZ&points=0&growth=40&month=13"), codes);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(["growth", "month", "points", "resort"]);
    const s = readDuesCalc(q("resort=AKV&points=1.5"), codes);
    expect(s.ok || s.errors.points).toMatch(/whole number/);
  });
  it("reads a compare calculation with an optional resale price", () => {
    expect(readCompareCalc(q("resort=AKV&points=150&price=$118"), codes)).toEqual({
      ok: true,
      input: { resort: "AKV", points: 150, growthPercent: null, resaleCents: 11_800 },
    });
    const bad = readCompareCalc(q("resort=AKV&points=150&price=abc"), codes);
    expect(bad.ok || bad.errors.price).toMatch(/resale price/);
  });
});
