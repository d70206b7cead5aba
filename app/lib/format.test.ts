import { describe, expect, it } from "vitest";
import { formatMoney, useMonthName } from "./format";

describe("formatMoney", () => {
  it("shows whole dollars by default, from cents", () => {
    expect(formatMoney(1_234_567)).toBe("$12,346");
    expect(formatMoney(1_234_567, { decimals: true })).toBe("$12,345.67");
  });
});

describe("useMonthName", () => {
  it("maps use-year months", () => {
    expect(useMonthName(2)).toBe("Feb");
    expect(useMonthName(12, true)).toBe("December");
    expect(useMonthName(13)).toBe("");
  });
});
