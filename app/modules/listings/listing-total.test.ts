import { describe, expect, it } from "vitest";
import { listingTotal, listingTotalText } from "./listing-total";

describe("listingTotal", () => {
  it("is points × price per point, in cents", () => {
    expect(listingTotal("150", "120")).toEqual({ points: 150, pppCents: 12000, totalCents: 1_800_000 });
    expect(listingTotal("160", "131.25")?.totalCents).toBe(2_100_000);
    expect(listingTotalText("150", "120.5")).toBe("Total asking price: $18,075 (150 points × $120.50/pt)");
  });

  it("waits for both numbers", () => {
    for (const [points, price] of [
      ["", "120"],
      ["150", ""],
      ["abc", "120"],
      ["1.5", "120"],
      ["0", "120"],
      ["150", "-3"],
    ]) {
      expect(listingTotal(points, price), `${points} × ${price}`).toBeNull();
    }
    expect(listingTotalText("", "")).toMatch(/^Enter the contract points/);
  });
});
