import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import {
  type ClosingStatement,
  closingStatement,
  applicableCommission,
  commissionCents,
  deedStamps,
  depositCents,
  MONEY_DEFAULTS,
  monthsLeftInYear,
  parseCommissionText,
  percentOfCents,
  prorateDues,
  splitCents,
  withholding,
} from "./agreement-money";
import { WITHHOLDING_RATES, type WithholdingRate } from "./tax-rates";

// DOMAIN.md's worked figures: BLT resale $150/pt (July 2021), BLT dues $7.08/pt (2022); Aulani resale $108/pt.
const BLT_160 = { points: 160, priceCents: 160 * 150_00, duesPerPointCents: 708 };
const AUL_160 = { points: 160, priceCents: 160 * 108_00 };
const badInput = (fn: () => unknown) => expect(fn).toThrow(AppError);

describe("percent of cents", () => {
  it("rounds to the nearest cent, half a cent up, exactly", () => {
    expect(percentOfCents(1_234_565, 10)).toBe(123_457); // $1,234.565 -> $1,234.57
    expect(percentOfCents(5, 10)).toBe(1); // half a cent up
    expect(percentOfCents(4, 10)).toBe(0);
    expect(percentOfCents(1_728_000, 7.25)).toBe(125_280);
    expect(percentOfCents(100_000_000_000, 99.9999)).toBe(99_999_900_000);
  });

  it("refuses a percent outside 0-100 or with more than four decimals", () => {
    badInput(() => percentOfCents(100, -1));
    badInput(() => percentOfCents(100, 101));
    badInput(() => percentOfCents(100, 7.123456));
    badInput(() => percentOfCents(-100, 10));
    badInput(() => percentOfCents(10.5, 10));
  });
});

describe("splitting an amount by who pays", () => {
  it("gives all to one side, or half each with the odd cent to the buyer", () => {
    expect(splitCents(1001, "buyer")).toEqual({ buyer: 1001, seller: 0 });
    expect(splitCents(1001, "seller")).toEqual({ buyer: 0, seller: 1001 });
    expect(splitCents(1001, "split")).toEqual({ buyer: 501, seller: 500 });
    expect(splitCents(1000, "split")).toEqual({ buyer: 500, seller: 500 });
    badInput(() => splitCents(1000, "nobody" as "buyer"));
  });
});

describe("deposit", () => {
  it("is 10% of a 160-point BLT contract at $150/pt: $2,400 of $24,000", () => {
    expect(depositCents({ totalCents: BLT_160.priceCents })).toBe(240_000);
  });

  it("is at least the $1,000 minimum: a $6,500 contract deposits $1,000", () => {
    expect(depositCents({ totalCents: 650_000 })).toBe(100_000);
    // exactly at the threshold: 10% of $10,000 is the minimum
    expect(depositCents({ totalCents: 1_000_000 })).toBe(100_000);
  });

  it("is never more than the total", () => {
    expect(depositCents({ totalCents: 80_000 })).toBe(80_000);
  });

  it("takes the percent and the minimum as data, rounding half a cent up", () => {
    expect(depositCents({ totalCents: 2_400_000, percent: 15, minimumCents: 50_000 })).toBe(360_000);
    expect(depositCents({ totalCents: 1_234_565, percent: 10, minimumCents: 0 })).toBe(123_457);
    expect(depositCents({ totalCents: 2_400_000, percent: 0, minimumCents: 0 })).toBe(0);
  });

  it("refuses a negative or zero total with an Error", () => {
    expect(() => depositCents({ totalCents: -2_400_000 })).toThrow(Error);
    expect(() => depositCents({ totalCents: -2_400_000 })).toThrow("cannot be negative");
    badInput(() => depositCents({ totalCents: 0 }));
    badInput(() => depositCents({ totalCents: 2_400_000, minimumCents: -1 }));
    badInput(() => depositCents({ totalCents: 2_400_000, percent: 110 }));
  });
});

describe("dues proration", () => {
  it("counts the whole months after the closing month", () => {
    expect(monthsLeftInYear("2022-03-15")).toBe(9); // April-December
    expect(monthsLeftInYear("2022-09-30")).toBe(3); // October-December
    expect(monthsLeftInYear("2022-12-01")).toBe(0);
    expect(monthsLeftInYear("2022-12-31")).toBe(0);
    expect(monthsLeftInYear("2023-01-01")).toBe(11);
    // An instant is read in America/New_York: 03:00 UTC on October 1 is still September 30 there.
    expect(monthsLeftInYear(new Date("2022-10-01T03:00:00Z"))).toBe(3);
    expect(monthsLeftInYear(new Date("2022-10-01T05:00:00Z"))).toBe(2);
    badInput(() => monthsLeftInYear("2022-02-30"));
    badInput(() => monthsLeftInYear("soon"));
  });

  it("160 BLT points at $7.08 closing in September: $1,132.80 a year, the buyer reimburses 3/12 = $283.20", () => {
    expect(prorateDues({ ...BLT_160, closingDate: "2022-09-20", paidBy: "buyer" })).toEqual({
      fullYearCents: 113_280,
      monthsLeft: 3,
      proratedCents: 28_320,
      paidBy: "buyer",
      creditToSellerCents: 28_320,
    });
  });

  it("splits the prorated share: half each, the odd cent to the buyer", () => {
    expect(prorateDues({ ...BLT_160, closingDate: "2022-09-20", paidBy: "split" }).creditToSellerCents).toBe(14_160);
    // 150 HHI points at $10.07 closing in October: $1,510.50 a year, 2/12 = $251.75, half = $125.875 -> $125.88
    const hhi = prorateDues({ points: 150, duesPerPointCents: 1007, closingDate: "2022-10-05", paidBy: "split" });
    expect(hhi.proratedCents).toBe(25_175);
    expect(hhi.creditToSellerCents).toBe(12_588);
  });

  it("credits nothing when the seller pays the year's dues", () => {
    const p = prorateDues({ ...BLT_160, closingDate: "2022-09-20", paidBy: "seller" });
    expect(p.proratedCents).toBe(28_320);
    expect(p.creditToSellerCents).toBe(0);
  });

  it("leaves nothing to reimburse in December and 11 months in January", () => {
    expect(prorateDues({ ...BLT_160, closingDate: "2022-12-28", paidBy: "buyer" }).creditToSellerCents).toBe(0);
    expect(prorateDues({ ...BLT_160, closingDate: "2022-01-28", paidBy: "buyer" }).creditToSellerCents).toBe(103_840);
    // March: 9/12 of $1,132.80
    expect(prorateDues({ ...BLT_160, closingDate: "2022-03-10", paidBy: "buyer" }).creditToSellerCents).toBe(84_960);
  });

  it("rounds half a cent up", () => {
    // 1 point at $0.06 for 1 month: 0.5 cent -> 1 cent; 7 points at $0.01 for 5 months: 2.9 cents -> 3
    expect(prorateDues({ points: 1, duesPerPointCents: 6, closingDate: "2022-11-01", paidBy: "buyer" })).toMatchObject({
      proratedCents: 1,
    });
    expect(prorateDues({ points: 7, duesPerPointCents: 1, closingDate: "2022-07-01", paidBy: "buyer" })).toMatchObject({
      proratedCents: 3,
    });
  });

  it("refuses 0 points, fractional points and negative dues", () => {
    expect(() => prorateDues({ ...BLT_160, points: 0, closingDate: "2022-09-20", paidBy: "buyer" })).toThrow(
      "whole number of points above 0",
    );
    badInput(() => prorateDues({ ...BLT_160, points: 10.5, closingDate: "2022-09-20", paidBy: "buyer" }));
    badInput(() => prorateDues({ ...BLT_160, duesPerPointCents: -708, closingDate: "2022-09-20", paidBy: "buyer" }));
  });
});

describe("withholding", () => {
  const foreignNonResident = { foreign: true, nonResident: true };

  it("withholds both FIRPTA 15% and HARPTA 7.25% from a foreign non-resident selling Aulani", () => {
    // 160 AUL points at $108: $17,280; FIRPTA $2,592.00, HARPTA $1,252.80
    const w = withholding({ ...AUL_160, resortCode: "AUL", closingDate: "2022-06-01", seller: foreignNonResident });
    expect(w.lines.map((l) => [l.kind, l.percent, l.baseCents, l.amountCents])).toEqual([
      ["FIRPTA", 15, 1_728_000, 259_200],
      ["HARPTA", 7.25, 1_728_000, 125_280],
    ]);
    expect(w.totalCents).toBe(384_480);
    expect(w.lines[1].forms).toMatch(/N-288/);
  });

  it("uses HARPTA's 5% for a sale closed before 2018-09-15, and 7.25% from that day", () => {
    const before = withholding({
      ...AUL_160,
      resortCode: "AUL",
      closingDate: "2018-09-14",
      seller: { foreign: false, nonResident: true },
    });
    expect(before.lines).toHaveLength(1);
    expect(before.lines[0]).toMatchObject({ kind: "HARPTA", percent: 5, amountCents: 86_400 });
    const on = withholding({
      ...AUL_160,
      resortCode: "AUL",
      closingDate: "2018-09-15",
      seller: { foreign: false, nonResident: true },
    });
    expect(on.lines[0]).toMatchObject({ kind: "HARPTA", percent: 7.25, amountCents: 125_280 });
  });

  it("takes HARPTA of the amount realised when it is given", () => {
    const w = withholding({
      ...AUL_160,
      amountRealisedCents: 1_600_000,
      resortCode: "AUL",
      closingDate: "2022-06-01",
      seller: foreignNonResident,
    });
    expect(w.lines.map((l) => l.amountCents)).toEqual([259_200, 116_000]);
  });

  it("withholds only FIRPTA outside Hawaii, and nothing from a US seller or a Hawaii resident at Aulani", () => {
    const blt = withholding({ ...BLT_160, resortCode: "BLT", closingDate: "2022-09-20", seller: foreignNonResident });
    expect(blt.lines.map((l) => [l.kind, l.amountCents])).toEqual([["FIRPTA", 360_000]]);
    const us = withholding({
      ...BLT_160,
      resortCode: "BLT",
      closingDate: "2022-09-20",
      seller: { foreign: false, nonResident: true },
    });
    expect(us).toEqual({ lines: [], totalCents: 0 });
    const resident = withholding({
      ...AUL_160,
      resortCode: "AUL",
      closingDate: "2022-06-01",
      seller: { foreign: false, nonResident: false },
    });
    expect(resident.totalCents).toBe(0);
  });

  it("follows a new dated row without a change of code", () => {
    const rates: WithholdingRate[] = [
      ...WITHHOLDING_RATES,
      { ...WITHHOLDING_RATES[3], percent: 9, from: "2030-01-01" },
    ];
    const seller = { foreign: false, nonResident: true };
    const args = { ...AUL_160, resortCode: "AUL", seller, rates };
    expect(withholding({ ...args, closingDate: "2029-12-31" }).totalCents).toBe(125_280);
    expect(withholding({ ...args, closingDate: "2030-01-01" }).totalCents).toBe(155_520);
  });

  it("refuses a negative price", () => {
    expect(() =>
      withholding({ priceCents: -1, resortCode: "AUL", closingDate: "2022-06-01", seller: foreignNonResident }),
    ).toThrow(Error);
  });
});

describe("deed stamps", () => {
  it("charges $0.70 per $100 or part of $100 in Florida, nothing elsewhere", () => {
    const at = (priceCents: number, resortCode: string) =>
      deedStamps({ priceCents, resortCode, closingDate: "2022-09-20" });
    expect(at(2_400_000, "BLT")).toEqual({ label: "Florida deed stamps", amountCents: 16_800 });
    expect(at(1_635_000, "SSR")?.amountCents).toBe(11_480); // $16,350: 164 units of $100
    expect(at(1_728_000, "AUL")).toBeNull();
    expect(at(2_400_000, "HHI")).toBeNull();
    expect(at(2_400_000, "XYZ")).toBeNull();
  });
});

describe("commission", () => {
  it("is a percent of the price or a flat override", () => {
    expect(commissionCents(2_400_000, { percent: 8 })).toBe(192_000);
    expect(commissionCents(2_400_000, { percent: 6.9 })).toBe(165_600);
    expect(commissionCents(2_400_000, { flatCents: 150_000 })).toBe(150_000);
    badInput(() => commissionCents(2_400_000, { flatCents: -1 }));
  });

  it("applies the seller's own commission, else the site's percent raised to its minimum", () => {
    const fees = { commissionPercent: 8, commissionMinimumCents: 50_000 };
    // 8% of $24,000 is $1,920: above the $500 minimum.
    expect(applicableCommission(2_400_000, fees, null)).toEqual({ percent: 8 });
    // 8% of $4,000 is $320: the $500 minimum applies.
    expect(applicableCommission(400_000, fees, null)).toEqual({ flatCents: 50_000 });
    // The seller's adjusted commission wins over both.
    expect(applicableCommission(400_000, fees, { percent: 6.9 })).toEqual({ percent: 6.9 });
    badInput(() => applicableCommission(400_000, { commissionPercent: 8, commissionMinimumCents: -1 }, null));
  });

  it("reads the seller's adjusted commission text when it is a percent or an amount", () => {
    expect(parseCommissionText("7%")).toEqual({ percent: 7 });
    expect(parseCommissionText(" 6.9 % ")).toEqual({ percent: 6.9 });
    expect(parseCommissionText("$1,500")).toEqual({ flatCents: 150_000 });
    expect(parseCommissionText("1500.5")).toEqual({ flatCents: 150_050 });
    expect(parseCommissionText("Lowest commission guaranteed")).toBeNull();
    expect(parseCommissionText("150%")).toBeNull();
    expect(parseCommissionText("")).toBeNull();
    expect(parseCommissionText(null)).toBeNull();
  });
});

const sum = (lines: { amountCents: number }[]) => lines.reduce((s, l) => s + l.amountCents, 0);
/** Every line is whole cents and each side's lines add up to its total. */
function expectBalanced(s: ClosingStatement) {
  for (const l of [...s.buyer.lines, ...s.seller.lines]) expect(Number.isInteger(l.amountCents)).toBe(true);
  expect(sum(s.buyer.lines)).toBe(s.buyer.totalDueCents);
  expect(s.buyer.totalDueCents - s.buyer.depositPaidCents).toBe(s.buyer.balanceToWireCents);
  expect(sum(s.seller.lines)).toBe(s.seller.netProceedsCents);
  // Escrow balances: what the buyer pays = what the seller nets + what goes to others (fees, taxes, commission).
  const toOthers =
    sum(s.buyer.lines.filter((l) => l.key !== "price" && l.key !== "dues")) -
    sum(s.seller.lines.filter((l) => l.key !== "price" && l.key !== "dues"));
  expect(s.buyer.totalDueCents).toBe(s.seller.netProceedsCents + toOthers);
}

describe("closing statement", () => {
  const blt = {
    ...BLT_160,
    resortCode: "BLT",
    closingDate: "2022-09-20",
    duesPaidBy: "buyer" as const,
    closingCostsPaidBy: "buyer" as const,
    depositPaidCents: 240_000,
  };

  it("160 BLT points at $150, September, the buyer paying dues and closing costs: every line, adding up", () => {
    const s = closingStatement(blt);
    expect(s.buyer.lines.map((l) => [l.key, l.amountCents, l.who])).toEqual([
      ["price", 2_400_000, "buyer"],
      ["dues", 28_320, "buyer"],
      ["closing-fee", 35_000, "buyer"],
      ["recording-fee", 10_000, "buyer"],
      ["title-search", 15_000, "buyer"],
      ["deed-stamps", 16_800, "buyer"],
    ]);
    expect(s.buyer.totalDueCents).toBe(2_505_120); // $25,051.20
    expect(s.buyer.balanceToWireCents).toBe(2_265_120); // $22,651.20 after the $2,400 deposit
    expect(s.seller.lines.map((l) => [l.key, l.amountCents, l.who])).toEqual([
      ["price", 2_400_000, "seller"],
      ["dues", 28_320, "seller"],
      ["estoppel-fee", -15_000, "seller"],
      ["seller-closing-fee", -30_000, "seller"],
      ["commission", -192_000, "seller"],
    ]);
    expect(s.seller.netProceedsCents).toBe(2_191_320); // $21,913.20
    expect(s.buyer.lines[1].label).toBe("2022 dues reimbursed to the seller (3 of 12 months)");
    expect(s.seller.lines[4].label).toBe("Broker commission (8%)");
    expectBalanced(s);
  });

  it("puts split closing costs half in each column, the odd cent to the buyer", () => {
    const s = closingStatement({
      ...blt,
      closingCostsPaidBy: "split",
      duesPaidBy: "split",
      titleCosts: { closingFeeCents: 35_001, recordingFeeCents: 10_001, titleSearchCents: 0, sellerClosingFeeCents: 0 },
    });
    const line = (side: "buyer" | "seller", key: string) =>
      s[side].lines.find((l) => l.key === key)?.amountCents ?? null;
    expect([line("buyer", "closing-fee"), line("seller", "closing-fee")]).toEqual([17_501, -17_500]);
    expect([line("buyer", "recording-fee"), line("seller", "recording-fee")]).toEqual([5_001, -5_000]);
    expect([line("buyer", "deed-stamps"), line("seller", "deed-stamps")]).toEqual([8_400, -8_400]);
    expect(line("buyer", "title-search")).toBeNull(); // lines of zero are left out
    expect(line("seller", "seller-closing-fee")).toBeNull();
    expect(line("buyer", "dues")).toBe(14_160);
    expect(s.buyer.lines.find((l) => l.key === "closing-fee")?.label).toBe("Closing fee (half)");
    expectBalanced(s);
  });

  it("puts the closing costs in the seller's column when the seller pays them", () => {
    const s = closingStatement({ ...blt, closingCostsPaidBy: "seller" });
    expect(s.buyer.lines.map((l) => l.key)).toEqual(["price", "dues"]);
    expect(s.seller.netProceedsCents).toBe(2_191_320 - 35_000 - 10_000 - 15_000 - 16_800);
    expectBalanced(s);
  });

  it("withholds FIRPTA and HARPTA from a foreign non-resident's Aulani proceeds, with no Florida stamps", () => {
    const s = closingStatement({
      ...AUL_160,
      resortCode: "AUL",
      closingDate: "2022-06-10",
      duesPerPointCents: 750,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      depositPaidCents: depositCents({ totalCents: AUL_160.priceCents }),
      commission: { flatCents: 120_000 },
      seller: { foreign: true, nonResident: true },
    });
    expect(s.buyer.lines.some((l) => l.key === "deed-stamps")).toBe(false);
    expect(s.withholding.totalCents).toBe(384_480);
    expect(s.seller.lines.filter((l) => l.amountCents < 0).map((l) => [l.label, l.amountCents])).toEqual([
      ["Estoppel fee", -15_000],
      ["Seller's closing fee", -30_000],
      ["Broker commission", -120_000],
      ["FIRPTA withholding (15%)", -259_200],
      ["HARPTA withholding (Hawaii) (7.25%)", -125_280],
    ]);
    // $17,280 + 6/12 of $1,200 dues - $150 - $300 - $1,200 - $2,592 - $1,252.80
    expect(s.seller.netProceedsCents).toBe(1_728_000 + 60_000 - 15_000 - 30_000 - 120_000 - 259_200 - 125_280);
    expect(s.buyer.depositPaidCents).toBe(172_800);
    expectBalanced(s);
  });

  it("has no dues line in a December closing", () => {
    const s = closingStatement({ ...blt, closingDate: "2022-12-20" });
    expect(s.dues.monthsLeft).toBe(0);
    expect(s.buyer.lines.some((l) => l.key === "dues")).toBe(false);
    expectBalanced(s);
  });

  it("uses the defaults from DOMAIN.md when the title costs, estoppel fee and commission are not given", () => {
    expect(MONEY_DEFAULTS).toMatchObject({ estoppelFeeCents: 15_000, commissionPercent: 8, depositPercent: 10 });
    const s = closingStatement({
      ...blt,
      estoppelFeeCents: 17_500,
      estoppelPaidBy: "buyer",
      commission: { percent: 6.9 },
    });
    expect(s.buyer.lines.find((l) => l.key === "estoppel-fee")?.amountCents).toBe(17_500);
    expect(s.seller.lines.find((l) => l.key === "commission")).toMatchObject({
      label: "Broker commission (6.9%)",
      amountCents: -165_600,
    });
    expectBalanced(s);
  });

  it("refuses 0 points, a negative price, and a deposit larger than the total due", () => {
    badInput(() => closingStatement({ ...blt, points: 0 }));
    expect(() => closingStatement({ ...blt, priceCents: -2_400_000 })).toThrow("cannot be negative");
    badInput(() => closingStatement({ ...blt, depositPaidCents: 3_000_000 }));
    badInput(() => closingStatement({ ...blt, depositPaidCents: -1 }));
  });

  it("always adds up, for any price, points, dues, date, payers and seller", () => {
    const payer = fc.constantFrom("buyer" as const, "seller" as const, "split" as const);
    fc.assert(
      fc.property(
        fc.record({
          points: fc.integer({ min: 1, max: 2_000 }),
          pricePerPoint: fc.integer({ min: 1, max: 400_00 }),
          duesPerPointCents: fc.integer({ min: 0, max: 2_000 }),
          month: fc.integer({ min: 1, max: 12 }),
          resortCode: fc.constantFrom("BLT", "AUL", "HHI", "VGC", "SSR"),
          duesPaidBy: payer,
          closingCostsPaidBy: payer,
          estoppelPaidBy: payer,
          foreign: fc.boolean(),
          nonResident: fc.boolean(),
          fees: fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 5, maxLength: 5 }),
          percent: fc.integer({ min: 0, max: 1_000 }).map((n) => n / 100),
        }),
        (r) => {
          const priceCents = r.points * r.pricePerPoint;
          const s = closingStatement({
            priceCents,
            points: r.points,
            resortCode: r.resortCode,
            closingDate: `2024-${String(r.month).padStart(2, "0")}-15`,
            duesPerPointCents: r.duesPerPointCents,
            duesPaidBy: r.duesPaidBy,
            closingCostsPaidBy: r.closingCostsPaidBy,
            estoppelPaidBy: r.estoppelPaidBy,
            depositPaidCents: Math.min(priceCents, depositCents({ totalCents: priceCents })),
            titleCosts: {
              closingFeeCents: r.fees[0],
              recordingFeeCents: r.fees[1],
              titleSearchCents: r.fees[2],
              sellerClosingFeeCents: r.fees[3],
            },
            estoppelFeeCents: r.fees[4],
            commission: { percent: r.percent },
            seller: { foreign: r.foreign, nonResident: r.nonResident },
          });
          expectBalanced(s);
        },
      ),
      { numRuns: 300 },
    );
  });
});
