import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { lenders } from "~/db/schema";
import { action as settingsAction } from "~/routes/admin/finance-settings";
import { action as formAction } from "~/routes/admin/resource/form";
import { loader as financingLoader } from "~/routes/public/dvc-financing";
import { loader as firptaLoader } from "~/routes/public/dvc-firpta";
import { loader as harptaLoader } from "~/routes/public/harpta";
import { loader as listingLoader } from "~/routes/public/listing-info";
import { buildListing } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 31: the lenders (resource engine), the finance settings (settings engine), the financing page, the FIRPTA and
// HARPTA calculators and the closing-cost estimate on a listing page.
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const LIST = "/admin/finance/lenders";
const createLender = (form: Record<string, string>, cookie: string | undefined = adminCookie) =>
  call(formAction, `${LIST}/create`, `${LIST}/create`, { method: "POST", form, cookie });
const editLender = (id: number, form: Record<string, string>) =>
  call(
    formAction,
    `${LIST}/:id/edit`,
    `${LIST}/${id}/edit`,
    { method: "POST", form, cookie: adminCookie },
    { id: String(id) },
  );
const page = (fn: Fn, path: string) => call(fn, path.split("?")[0], path);

const GOOD = {
  name: "Harbor Test Lending",
  website: "https://harbor-test.example.com",
  phone: "(407) 555-0100",
  apr_min: "7.49",
  apr_max: "11.5",
  term_min: "3",
  term_max: "10",
  min_loan: "5,000",
  down_payment: "15",
  notes: "Resale contracts of 50 points or more.",
  is_active: "on",
};

describe("/admin/finance/lenders", () => {
  it("creates and edits a lender; a bad form is a 400 that writes nothing", async () => {
    const before = await db.select().from(lenders);
    const bad = await createLender({ ...GOOD, term_min: "0", website: "ftp://x" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      website: [expect.stringMatching(/https/)],
      term_min: [expect.any(String)],
    });
    const crossed = await createLender({ ...GOOD, apr_min: "12", apr_max: "9" });
    expect(crossed.status).toBe(400);
    expect(crossed.body.fields.apr_max).toEqual(["The highest rate cannot be below the lowest."]);
    expect(await db.select().from(lenders)).toHaveLength(before.length);

    const created = await createLender(GOOD);
    expect(created.status).toBe(303);
    const [row] = await db.select().from(lenders).where(eq(lenders.name, GOOD.name));
    expect(row).toMatchObject({
      aprMinPercent: 7.49,
      aprMaxPercent: 11.5,
      termMinYears: 3,
      termMaxYears: 10,
      minLoanCents: 500_000,
      downPaymentPercent: 15,
      isDemo: false,
      isActive: true,
    });

    const edited = await editLender(row.id, { ...GOOD, apr_min: "6.99", is_active: "" });
    expect(edited.status).toBe(303);
    const [after] = await db.select().from(lenders).where(eq(lenders.id, row.id));
    expect(after).toMatchObject({ aprMinPercent: 6.99, isActive: false });
  });

  it("refuses a visitor who is not an administrator", async () => {
    const before = await db.select().from(lenders);
    const res = await createLender({ ...GOOD, name: "Anonymous Lending" }, "");
    expect([302, 303]).toContain(res.status);
    expect(res.location).toMatch(/sign-in/);
    expect(await db.select().from(lenders)).toHaveLength(before.length);
  });
});

describe("/dvc-financing", () => {
  it("lists the active lenders, the demo ones labelled, and starts the calculator at the settings' values", async () => {
    const res = await page(financingLoader, "/dvc-financing");
    expect(res.status).toBe(200);
    const names = res.body.lenders.map((l: { name: string }) => l.name);
    expect(names).toContain("Bayfront Vacation Lending (demo)");
    expect(res.body.lenders.every((l: { isDemo: boolean; name: string }) => !l.isDemo || /demo/i.test(l.name))).toBe(
      true,
    );
    expect(res.body.result).toBeNull();
  });

  it("reads the finance settings back: the default rate, term, down payment and disclaimer", async () => {
    const bad = await call(settingsAction, "/admin/finance/settings", "/admin/finance/settings", {
      method: "POST",
      form: { intent: "calculator", default_rate: "55", default_term: "10", default_down: "10", disclaimer: "x" },
      cookie: adminCookie,
    });
    expect(bad.status).toBe(400);
    const saved = await call(settingsAction, "/admin/finance/settings", "/admin/finance/settings", {
      method: "POST",
      form: {
        intent: "calculator",
        default_rate: "9",
        default_term: "10",
        default_down: "0",
        disclaimer: "Test disclaimer: ask the lender.",
      },
      cookie: adminCookie,
    });
    expect(saved.status).toBe(303);
    // $20,000 at 9% over 10 years with no down payment: $253.35 a month.
    const res = await page(financingLoader, "/dvc-financing?price=20000&resort=AKV");
    expect(res.status).toBe(200);
    expect(res.body.settings.disclaimer).toBe("Test disclaimer: ask the lender.");
    expect(res.body.query.form).toMatchObject({ rate: "9", years: "10", down: "0" });
    expect(res.body.result).toMatchObject({ monthlyPaymentCents: 25_335, totalPaidCents: 3_040_200 });
    // The closing costs: the default title company's general row plus Florida deed stamps ($0.70 per $100: $140).
    expect(res.body.closing.buyer.lines.map((l: { key: string }) => l.key)).toContain("deed-stamps");
    expect(res.body.closing.buyer.totalCents).toBe(29_500 + 9_500 + 15_000 + 14_000);
  });

  it("answers bad input with a 400 and the messages", async () => {
    const res = await page(financingLoader, "/dvc-financing?points=abc&ppp=120&rate=80");
    expect(res.status).toBe(400);
    expect(res.body.query.errors).toMatchObject({ points: expect.any(String), rate: expect.any(String) });
    expect(res.body.result).toBeNull();
  });
});

describe("FIRPTA and HARPTA calculators", () => {
  it("/dvc-firpta withholds 15% from a foreign seller; a bad price is a 400", async () => {
    const res = await page(firptaLoader, "/dvc-firpta?calc=1&price=16500&foreign=on&date=2026-06-01");
    expect(res.status).toBe(200);
    expect(res.body.query).toMatchObject({ state: "ok", totalCents: 247_500 });
    expect((await page(firptaLoader, "/dvc-firpta?calc=1&price=lots")).status).toBe(400);
    expect((await page(firptaLoader, "/dvc-firpta")).status).toBe(200);
  });

  it("/harpta applies the dated rate and both taxes for an Aulani sale by a foreign seller", async () => {
    const both = await page(
      harptaLoader,
      "/harpta?calc=1&price=16200&aulani=on&nonresident=on&foreign=on&date=2026-06-01",
    );
    expect(both.body.query.lines.map((l: { kind: string; amountCents: number }) => [l.kind, l.amountCents])).toEqual([
      ["FIRPTA", 243_000],
      ["HARPTA", 117_450],
    ]);
    const old = await page(harptaLoader, "/harpta?calc=1&price=16200&aulani=on&nonresident=on&date=2018-01-02");
    expect(old.body.query.totalCents).toBe(81_000);
  });
});

describe("the listing page's closing-cost estimate", () => {
  it("gives the buyer's closing costs at the listing's price from the cost table, with its date", async () => {
    const listing = await buildListing(db, { resortCode: "AUL", points: 150, pricePerPointCents: 10_800 });
    const res = await call(
      listingLoader,
      "/listing-info/:id",
      `/listing-info/${listing.id}`,
      {},
      { id: String(listing.id) },
    );
    expect(res.status).toBe(200);
    const e = res.body.closingCosts;
    // Aulani: the default company's Hawaii row (no deed stamps outside Florida).
    expect(e.priceCents).toBe(1_620_000);
    expect(e.table.source).toBe("state");
    expect(e.buyer.totalCents).toBe(39_500 + 12_500 + 25_000);
    expect(e.table.updatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
