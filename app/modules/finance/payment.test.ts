import { describe, expect, it } from "vitest";
import { loanPayment, readFinancingQuery } from "./payment";

const DEFAULTS = { aprPercent: 9.99, termYears: 10, downPaymentPercent: 10 };
const CODES = ["AKV", "AUL", "BLT"];

describe("loanPayment", () => {
  it("amortises $20,000 at 9% over 10 years: $253.35 a month (the textbook figure)", () => {
    const r = loanPayment({ priceCents: 2_000_000, downPaymentPercent: 0, aprPercent: 9, termYears: 10 });
    expect(r.months).toBe(120);
    expect(r.monthlyPaymentCents).toBe(25_335);
    expect(r.totalInterestCents).toBe(120 * 25_335 - 2_000_000); // $10,402.00
    expect(r.totalPaidCents).toBe(3_040_200);
  });

  it("takes the down payment off first: 150 points at $120 ($18,000), 10% down, 7.99% over 10 years", () => {
    const r = loanPayment({ priceCents: 150 * 12_000, downPaymentPercent: 10, aprPercent: 7.99, termYears: 10 });
    expect(r.downPaymentCents).toBe(180_000);
    expect(r.financedCents).toBe(1_620_000);
    // 16,200 x r / (1 - (1 + r)^-120), r = 0.0799 / 12
    expect(r.monthlyPaymentCents).toBe(19_647);
    expect(r.totalPaidCents).toBe(180_000 + 120 * 19_647);
  });

  it("at 0% divides the amount financed evenly and charges no interest", () => {
    const r = loanPayment({ priceCents: 1_200_000, downPaymentPercent: 25, aprPercent: 0, termYears: 5 });
    expect(r.financedCents).toBe(900_000);
    expect(r.monthlyPaymentCents).toBe(15_000);
    expect(r.totalInterestCents).toBe(0);
    expect(r.totalPaidCents).toBe(1_200_000);
  });

  it("with 100% down there is nothing to pay monthly", () => {
    const r = loanPayment({ priceCents: 1_000_000, downPaymentPercent: 100, aprPercent: 9, termYears: 10 });
    expect(r.monthlyPaymentCents).toBe(0);
    expect(r.totalPaidCents).toBe(1_000_000);
  });
});

describe("readFinancingQuery", () => {
  it("is the empty form without a price, with the settings' defaults filled in", () => {
    const q = readFinancingQuery(new URLSearchParams(""), DEFAULTS, CODES);
    expect(q.state).toBe("empty");
    expect(q.form).toMatchObject({ rate: "9.99", years: "10", down: "10" });
  });

  it("reads a listing's total (price in dollars) and uses the defaults for the rest", () => {
    const q = readFinancingQuery(new URLSearchParams("price=18000&resort=akv"), DEFAULTS, CODES);
    expect(q).toMatchObject({
      state: "ok",
      priceFrom: "total",
      resortCode: "AKV",
      input: { priceCents: 1_800_000, downPaymentPercent: 10, aprPercent: 9.99, termYears: 10 },
    });
  });

  it("multiplies points by the price per point", () => {
    const q = readFinancingQuery(new URLSearchParams("points=160&ppp=112.50&rate=0&years=5&down=0"), DEFAULTS, CODES);
    expect(q).toMatchObject({ state: "ok", priceFrom: "points", input: { priceCents: 1_800_000, aprPercent: 0 } });
  });

  it("refuses each bad field with a message", () => {
    const q = readFinancingQuery(
      new URLSearchParams("points=abc&ppp=-3&rate=55&years=0&down=120&resort=XYZ"),
      DEFAULTS,
      CODES,
    );
    expect(q.state).toBe("invalid");
    if (q.state !== "invalid") return;
    expect(Object.keys(q.errors).sort()).toEqual(["down", "points", "ppp", "rate", "resort", "years"]);
  });
});
