import { describe, expect, it } from "vitest";
import { fromForm } from "~/lib/fields";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import {
  changesOf,
  constraintsOf,
  defineSettings,
  formInputOf,
  hintOf,
  rowsOfSection,
  sectionFormValues,
  sectionOf,
  sectionSchema,
  sectionValuesOf,
  valueOfStored,
} from "./settings";

const inactive = sectionOf(TWEAKS, "inactive-users");
const security = sectionOf(TWEAKS, "security");
const offers = sectionOf(TWEAKS, "offers");
const fees = sectionOf(TWEAKS, "fees");
const agreement = sectionOf(TWEAKS, "agreement");

describe("the settings reader", () => {
  it("reads a whole number defensively: anything missing or out of range is the default", () => {
    const days = (v: unknown) => sectionValuesOf(inactive, { inactive_user_days: v }).days;
    expect(days(30)).toBe(30);
    expect(days("45")).toBe(45);
    for (const bad of [null, undefined, 6, 731, 10.5, "lots", true]) expect(days(bad)).toBe(90);
  });
  it("reads a switch as on only when it is true", () => {
    const on = (v: unknown) => sectionValuesOf(security, { require_admin_two_factor: v }).requireAdminTwoFactor;
    expect(on(true)).toBe(true);
    expect(on("true")).toBe(true);
    for (const v of [false, null, "on", 1]) expect(on(v)).toBe(false);
  });
  it("reads money in whole dollars of cents, a percent from basis points, a choice from its options", () => {
    expect(
      sectionValuesOf(fees, {
        admin_fee_commission_bps: 725,
        admin_fee_commission_minimum_cents: 150_000,
        admin_fee_estoppel_cents: 12_345, // not whole dollars: the default
        admin_fee_seller_closing_cents: 99_999_999, // above the range: the default
      }),
    ).toEqual({
      commissionPercent: 7.25,
      commissionMinimumCents: 150_000,
      estoppelFeeCents: 15_000,
      sellerClosingFeeCents: 30_000,
    });
    expect(sectionValuesOf(offers, { who_pays_dues: "split", who_pays_closing_costs: "nobody" })).toEqual({
      expiryHours: 48,
      allowedOffers: 5,
      whoPaysDues: "split",
      whoPaysClosingCosts: "buyer",
    });
  });
  it("writes the rows back as stored: cents, basis points", () => {
    const v = {
      commissionPercent: 7.25,
      commissionMinimumCents: 0,
      estoppelFeeCents: 15_000,
      sellerClosingFeeCents: 1,
    };
    expect(rowsOfSection(fees, v)).toEqual({
      admin_fee_commission_bps: 725,
      admin_fee_commission_minimum_cents: 0,
      admin_fee_estoppel_cents: 15_000,
      admin_fee_seller_closing_cents: 1,
    });
  });
});

describe("the derived form", () => {
  it("keeps a text of digits only as text, every digit, through the form and the reader", () => {
    const section = {
      id: "ids",
      title: "Ids",
      keys: {
        pixel: { kind: "text", name: "pixel_id", storage: "pixel_id", label: "Pixel id", maxLength: 40, default: "" },
      },
      saved: () => "",
    } as const;
    const parsed = fromForm(sectionSchema(section as never)).safeParse({ pixel_id: "0012345678901234567" });
    expect(parsed.data).toEqual({ pixel: "0012345678901234567" });
    expect(valueOfStored(section.keys.pixel as never, "0012345678901234567")).toBe("0012345678901234567");
  });

  it("refuses out-of-range values naming the field's range, and types the good ones", () => {
    const parse = (v: Record<string, unknown>) => sectionSchema(inactive).safeParse(v);
    for (const bad of ["6", "731", "abc", "10.5", ""]) {
      const r = parse({ inactive_user_days: bad });
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0].message).toBe("Enter a whole number of days from 7 to 730.");
    }
    expect(parse({ inactive_user_days: "45" }).data).toEqual({ days: 45 });
  });
  it("turns dollars into cents and a percent with two decimals into a number; refuses three decimals", () => {
    const form = {
      commission_percent: "7.25",
      commission_minimum: "1500",
      estoppel_fee: "150",
      seller_closing_fee: "0",
    };
    expect(sectionSchema(fees).parse(form)).toEqual({
      commissionPercent: 7.25,
      commissionMinimumCents: 150_000,
      estoppelFeeCents: 15_000,
      sellerClosingFeeCents: 0,
    });
    const r = sectionSchema(fees).safeParse({ ...form, commission_percent: "7.255" });
    expect(r.error?.issues[0].message).toBe("Enter a percent from 0 to 25, with at most two decimals.");
    const dollars = sectionSchema(agreement).safeParse({
      deposit_percent: "0",
      deposit_minimum: "-1",
      deposit_hours: "1",
    });
    expect(dollars.error?.issues.map((i) => i.message)).toEqual([
      "Enter a whole percent from 1 to 100.",
      "Enter a whole number of dollars from 0 to 100,000.",
    ]);
  });
  it("derives the HTML constraints and the hint from the same range", () => {
    const days = inactive.keys.days;
    expect(constraintsOf(days)).toMatchObject({ required: true, min: 7, max: 730, step: 1 });
    expect(hintOf(days)).toBe("From 7 to 730 days; 90 by default.");
    expect(constraintsOf(fees.keys.commissionPercent)).toMatchObject({ min: 0, max: 25, step: 0.01 });
    expect(constraintsOf(fees.keys.estoppelFeeCents)).toMatchObject({ min: 0, max: 2000, step: 1 });
  });
  it("shows stored values in the form's units, and names what changed with before and after", () => {
    const before = sectionValuesOf(fees, {});
    expect(sectionFormValues(fees, before)).toMatchObject({ commission_percent: "8", estoppel_fee: "150" });
    const after = { ...before, commissionPercent: 7.5 };
    expect(changesOf(fees, before, after)).toEqual([
      {
        name: "commission_percent",
        label: "Commission (percent of the price)",
        before: 8,
        after: 7.5,
        words: "Commission (percent of the price) 8% → 7.5%",
      },
    ]);
  });
});

describe("a multi-select section kept as one row", () => {
  const OD = defineSettings({
    id: "od",
    title: "Dashboard",
    subject: "OfferAdmin",
    sections: [
      {
        id: "od",
        title: "Dashboard",
        storedAs: "od_settings",
        keys: {
          columns: {
            kind: "multiselect",
            name: "columns",
            storage: "",
            label: "Extra columns",
            options: [
              { value: "total", label: "Total" },
              { value: "seller", label: "Seller" },
            ],
            default: [],
          },
          perPage: {
            kind: "select",
            numeric: true,
            name: "perPage",
            storage: "",
            label: "Offers a page",
            options: [
              { value: "10", label: "10" },
              { value: "25", label: "25" },
            ],
            default: "25",
          },
        },
      },
    ],
  });
  const section = sectionOf(OD, "od");
  it("reads, parses and writes the row", () => {
    expect(sectionValuesOf(section, { od_settings: { columns: ["seller", "bogus", "total"], perPage: 10 } })).toEqual({
      columns: ["total", "seller"],
      perPage: 10,
    });
    // A numeric choice's default is a number too.
    expect(sectionValuesOf(section, {})).toEqual({ columns: [], perPage: 25 });
    const form = new FormData();
    form.append("columns", "seller");
    form.append("perPage", "10");
    const input = formInputOf(section, form);
    const parsed = sectionSchema(section).parse(input);
    expect(parsed).toEqual({ columns: ["seller"], perPage: 10 });
    expect(rowsOfSection(section, parsed)).toEqual({ od_settings: { columns: ["seller"], perPage: 10 } });
    expect(sectionSchema(section).safeParse({ columns: ["nope"], perPage: "10" }).error?.issues[0].message).toBe(
      "Choose extra columns from the list.",
    );
  });
});
