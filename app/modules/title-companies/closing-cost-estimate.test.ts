import { describe, expect, it } from "vitest";
import { type CostTable, closingCostEstimate } from "./closing-cost-estimate";

const TABLE: CostTable = {
  closingFeeCents: 29_500,
  recordingFeeCents: 9_500,
  titleSearchCents: 12_500,
  estoppelFeeCents: 15_000,
  sellerClosingFeeCents: 30_000,
  companyName: "Magnolia Title & Escrow",
  source: "general",
  updatedOn: "2026-11-02",
};

describe("closingCostEstimate", () => {
  it("adds Florida deed stamps for a Walt Disney World resort: $24,000 pays $168.00", () => {
    const e = closingCostEstimate({
      priceCents: 2_400_000,
      resortCode: "AKV",
      closingDate: "2026-12-04",
      table: TABLE,
    });
    expect(e.state).toBe("FL");
    expect(e.buyer.lines.map((l) => [l.key, l.amountCents])).toEqual([
      ["closing-fee", 29_500],
      ["recording-fee", 9_500],
      ["title-search", 12_500],
      ["deed-stamps", 16_800],
    ]);
    expect(e.buyer.totalCents).toBe(29_500 + 9_500 + 12_500 + 16_800);
    expect(e.seller.totalCents).toBe(45_000);
    expect(e.method).toMatch(/Magnolia Title & Escrow's cost table \(its general row\)/);
    expect(e.method).toMatch(/\$0\.70 for every \$100/);
  });

  it("rounds a part of $100 up: $16,350 pays $114.80", () => {
    const e = closingCostEstimate({
      priceCents: 1_635_000,
      resortCode: "SSR",
      closingDate: "2026-12-04",
      table: TABLE,
    });
    expect(e.buyer.lines.find((l) => l.key === "deed-stamps")?.amountCents).toBe(11_480);
  });

  it("has no deed stamps outside Florida (Aulani, Hawaii) and leaves out lines of zero", () => {
    const e = closingCostEstimate({
      priceCents: 1_620_000,
      resortCode: "AUL",
      closingDate: "2026-12-04",
      table: { ...TABLE, titleSearchCents: 0, source: "typical", companyName: null, updatedOn: null },
    });
    expect(e.buyer.lines.map((l) => l.key)).toEqual(["closing-fee", "recording-fee"]);
    expect(e.buyer.totalCents).toBe(39_000);
    expect(e.method).toMatch(/typical title-company fees/);
  });
});
