import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { centsToInput, dollarBoundToCents, isWholeCents, parseMoney } from "./money";
import { moneyField } from "./money-field";

describe("money", () => {
  it("tells whole cents from fractions of a cent", () => {
    expect(isWholeCents(125.5)).toBe(true);
    expect(isWholeCents(0.07)).toBe(true);
    expect(isWholeCents(125.555)).toBe(false);
    expect(isWholeCents(Number.NaN)).toBe(false);
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
    expect(f.safeParse("0.5").error?.issues[0].message).toBe("Enter the price per point between $1 and $1,000.");
    expect(f.safeParse("  ").error?.issues[0].message).toBe("Enter the price per point.");
    expect(f.safeParse(undefined).error?.issues[0].message).toBe("Enter the price per point.");
    expect(f.safeParse(95.555).success).toBe(false);
    expect(f.safeParse(-5).success).toBe(false);
  });

  it("a refused money field lets the form's own checks run, so every message shows at once", () => {
    const form = z
      .object({ price: moneyField({ label: "the price" }), a: z.number(), b: z.number() })
      .refine((v) => v.a <= v.b, { path: ["b"], message: "b before a" });
    expect(form.safeParse({ price: "abc", a: 2, b: 1 }).error?.issues.map((i) => i.path[0])).toEqual(["price", "b"]);
  });

  it("a money field with one message says it for every refusal", () => {
    const f = moneyField({ label: "the dues", min: 1, max: 50_00, message: "Enter the dues, from $0.01 to $50.00." });
    expect(f.parse("$8.24")).toBe(824);
    for (const bad of ["", "abc", "0", "50.01", "8.123", undefined]) {
      expect(
        f.safeParse(bad).error?.issues.map((i) => i.message),
        String(bad),
      ).toEqual(["Enter the dues, from $0.01 to $50.00."]);
    }
  });
});
