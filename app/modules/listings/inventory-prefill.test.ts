import { describe, expect, it } from "vitest";
import { listingPrefill } from "./inventory-prefill";

describe("a new listing's form filled from its address", () => {
  it("takes the values the resale value calculator sends", () => {
    const q = new URLSearchParams(
      "resortId=7&useMonth=12&contractPoints=160&prevYearPoints=0&currYearPoints=160&nextYearPoints=160&pricePerPoint=131.50",
    );
    expect(listingPrefill(q)).toEqual({
      resortId: 7,
      useMonth: 12,
      contractPoints: 160,
      prevYearPoints: 0,
      currYearPoints: 160,
      nextYearPoints: 160,
      pricePerPoint: "131.50",
    });
  });

  it("leaves out what is not a plain number, and nothing else is read", () => {
    const q = new URLSearchParams("resortId=7;drop&contractPoints=-5&pricePerPoint=1e9&noHaggle=on&useMonth=");
    expect(listingPrefill(q)).toEqual({});
  });
});
