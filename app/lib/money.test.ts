import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToInput, dollarBoundToCents, formatMoney, parseMoney } from "./money";
import { moneyField } from "./money-field";

describe("money", () => {
  it("formats cents with and without decimals", () => {
    expect(formatMoney(123456)).toBe("$1,235");
    expect(formatMoney(123456, { decimals: true })).toBe("$1,234.56");
    expect(formatMoney(0, { decimals: true })).toBe("$0.00");
  });

  it("reads what people type, and refuses what is not an amount", () => {
    expect(parseMoney("$1,234.56")).toBe(123456);
    expect(parseMoney(" 1234.5 ")).toBe(123450);
    expect(parseMoney("12")).toBe(1200);
    expect(parseMoney("0.07")).toBe(7);
    for (const bad of ["", " ", "-5", "1.234", "12a", "1,23", "$", "1e5", "99999999999", "Infinity", "１２"]) {
      expect(parseMoney(bad), bad).toBeNull();
    }
  });

  it("reads back every amount it writes for a form", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 11 }), (c) => parseMoney(centsToInput(c)) === c));
  });

  it("rounds range bounds inward", () => {
    expect(dollarBoundToCents(100.004, "min")).toBe(10001);
    expect(dollarBoundToCents(100.006, "max")).toBe(10000);
    expect(dollarBoundToCents(100, "min")).toBe(10000);
  });

  it("a zod money field yields cents with a message a person understands", () => {
    const f = moneyField({ label: "the price per point", min: 100, max: 100_000 });
    expect(f.parse("$95.50")).toBe(9550);
    expect(f.parse(95.5)).toBe(9550);
    expect(f.safeParse("abc").error?.issues[0].message).toBe(
      "Enter the price per point in dollars, like 1250 or 1,250.00.",
    );
    expect(f.safeParse("0.5").error?.issues[0].message).toBe("Enter the price per point between $1.00 and $1,000.00.");
  });
});
