import { describe, expect, it } from "vitest";
import { readWithholdingQuery } from "./withholding-calculator";

const TODAY = "2026-12-04";
const q = (s: string, start = { aulani: false, foreign: true, nonResident: false }) =>
  readWithholdingQuery(new URLSearchParams(s), start, TODAY);

describe("readWithholdingQuery", () => {
  it("FIRPTA: a foreign seller has 15% of the gross price withheld ($16,500 -> $2,475)", () => {
    const r = q("calc=1&price=16500&foreign=on");
    expect(r.state).toBe("ok");
    if (r.state !== "ok") return;
    expect(r.lines.map((l) => [l.kind, l.percent, l.amountCents])).toEqual([["FIRPTA", 15, 247_500]]);
    expect(r.netCents).toBe(1_650_000 - 247_500);
    expect(r.lines[0].forms).toMatch(/8288-A/);
  });

  it("HARPTA: 7.25% on or after 2018-09-15, 5% before (Aulani, seller not a Hawaii resident)", () => {
    const after = q("calc=1&price=16200&aulani=on&nonresident=on&date=2018-09-15");
    const before = q("calc=1&price=16200&aulani=on&nonresident=on&date=2018-09-14");
    expect(after.state === "ok" && after.lines.map((l) => [l.kind, l.percent, l.amountCents])).toEqual([
      ["HARPTA", 7.25, 117_450],
    ]);
    expect(before.state === "ok" && before.lines.map((l) => [l.kind, l.percent, l.amountCents])).toEqual([
      ["HARPTA", 5, 81_000],
    ]);
  });

  it("both apply to an Aulani sale by a foreign seller: 15% + 7.25% of $16,200 = $3,604.50", () => {
    const r = q("calc=1&price=16200&aulani=on&nonresident=on&foreign=on&date=2026-12-01");
    expect(r.state === "ok" && r.lines.map((l) => l.kind).sort()).toEqual(["FIRPTA", "HARPTA"]);
    expect(r.state === "ok" && r.totalCents).toBe(243_000 + 117_450);
  });

  it("HARPTA does not apply outside Hawaii, and nothing is withheld for a US resident seller", () => {
    expect(q("calc=1&price=16200&nonresident=on")).toMatchObject({ state: "ok", totalCents: 0 });
    expect(q("calc=1&price=16200&aulani=on")).toMatchObject({ state: "ok", totalCents: 0 });
  });

  it("starts with the page's boxes before the form is sent, and the closing date today", () => {
    const r = q("", { aulani: true, foreign: false, nonResident: true });
    expect(r).toMatchObject({ state: "empty", form: { aulani: true, nonResident: true, foreign: false, date: TODAY } });
  });

  it("refuses a bad price and an impossible date", () => {
    expect(q("calc=1&price=abc&date=2026-02-30")).toMatchObject({
      state: "invalid",
      errors: { price: expect.stringMatching(/sale price/), date: expect.stringMatching(/closing date/) },
    });
    expect(q("calc=1")).toMatchObject({ state: "invalid", errors: { price: expect.any(String) } });
  });
});
