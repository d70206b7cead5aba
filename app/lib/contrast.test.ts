import { describe, expect, it } from "vitest";
import { contrastRatio } from "./contrast";

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself, either way round", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#0c4a6e", "#0c4a6e")).toBe(1);
  });

  it("puts white on sky-900 above AA and light grey on white below it", () => {
    expect(contrastRatio("#ffffff", "#0c4a6e")).toBeGreaterThan(4.5);
    expect(contrastRatio("#aaaaaa", "#ffffff")).toBeLessThan(4.5);
    // #767676 on white is the classic lightest grey that passes AA.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
