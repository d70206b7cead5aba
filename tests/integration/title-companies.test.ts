import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityJournal, agreements, resorts, titleCompanies, titleCompanyCosts } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import {
  exportResource,
  listResource,
  resolveResource,
  runRowAction,
  saveResource,
} from "~/modules/admin/resource-engine.server";
import { closingCostsFor, defaultTitleCompany } from "~/modules/title-companies/title-companies.server";
import { action as formAction } from "~/routes/admin/resource/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { rows as routeAccessRows } from "../e2e/route-access/resources.rows";
import { buildListing, buildOffer, buildUser, resortByCode, viewerOf } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 11: /admin/companies and /admin/companies/costs on the resource engine, and the closing-costs service.
const services = await startTestServices();
const db = services.db;

const COMPANIES = "/admin/companies";
const COSTS = "/admin/companies/costs";
const companiesRes = await resolveResource(COMPANIES);
const costsRes = await resolveResource(COSTS);
const admin = viewerOf(await buildUser(db, { role: "admin", staffRole: "admin", name: "Tess Titleadmin" }));
const adminCookie = await sessionCookieFor(services, "admin@example.com");

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const createCompany = (form: Record<string, string | string[]>, cookie = adminCookie) =>
  call(formAction, `${COMPANIES}/create`, `${COMPANIES}/create`, { method: "POST", form, cookie });
const editCompany = (id: number, form: Record<string, string | string[]>, cookie = adminCookie) =>
  call(formAction, `${COMPANIES}/:id/edit`, `${COMPANIES}/${id}/edit`, { method: "POST", form, cookie }, { id });
const companyAction = (id: number, intent: string, cookie = adminCookie) =>
  call(listAction, COMPANIES, COMPANIES, { method: "POST", form: { intent, id: String(id) }, cookie });
const createCost = (form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${COSTS}/create`, `${COSTS}/create`, { method: "POST", form, cookie });
const listCompanies = (qs = "") =>
  listResource(services, { actor: admin, input: { resource: companiesRes, params: new URLSearchParams(qs) } });
const listCosts = (qs = "") =>
  listResource(services, { actor: admin, input: { resource: costsRes, params: new URLSearchParams(qs) } });

const WIRE = "Bank: Test Bank (example)\nRouting (ABA): 000111222 (example)\nAccount: 000123456789 (example)";
const goodCompany = (name: string, over: Record<string, string | string[]> = {}) => ({
  name,
  contact_name: "Casey Closer",
  email: "casey@title.example.com",
  phone: "(407) 555-0100",
  wire_instructions: WIRE,
  states_served: ["FL", "HI"],
  ...over,
});

const companyByName = async (name: string) =>
  (await db.select().from(titleCompanies).where(eq(titleCompanies.name, name)))[0];
const liveDefaults = () =>
  db
    .select({ id: titleCompanies.id, name: titleCompanies.name })
    .from(titleCompanies)
    .where(and(eq(titleCompanies.isDefault, true), isNull(titleCompanies.deletedAt)));
const journalCount = async () =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(activityJournal)
      .where(eq(activityJournal.kind, "admin.resource"))
  )[0].n;

async function outcome(p: Promise<unknown>) {
  try {
    await p;
    return "applied";
  } catch (err) {
    if (isAppError(err)) return `${err.status} ${err.code}: ${err.message}`;
    throw err;
  }
}

/** An agreement naming the company, in the given state (an accepted offer's record, written directly). */
async function agreementUsing(companyId: number, status: (typeof agreements.$inferSelect)["status"]) {
  const listing = await buildListing(db);
  const offer = await buildOffer(db, { listing, status: "accepted" });
  const [row] = await db
    .insert(agreements)
    .values({
      offerId: offer.id,
      listingId: listing.id,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      resortId: listing.resortId,
      useMonth: listing.useMonth,
      points: offer.points,
      pricePerPointCents: offer.pricePerPointCents,
      totalCents: offer.totalCents,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      deedNames: ["A Buyer"],
      status,
      titleCompanyId: companyId,
    })
    .returning();
  return row;
}

describe("the demo title companies", () => {
  it("seeds two Florida companies, one of them the default, with general, state and resort cost rows", async () => {
    const list = await listCompanies();
    expect(list.rows.map((r) => r.title)).toEqual(
      expect.arrayContaining(["Magnolia Coast Title & Escrow, LLC", "Sunrise Closing Services, Inc."]),
    );
    const def = await defaultTitleCompany(db);
    expect(def?.name).toBe("Magnolia Coast Title & Escrow, LLC");
    expect(def?.wireInstructions).toMatch(/Account: 000123456789 \(example\)/);
    expect(def?.email).toMatch(/\.example\.com$/);
    expect(await liveDefaults()).toHaveLength(1);
    const costs = await listCosts(`f.companyId=${def?.id}`);
    expect(costs.rows.map((r) => r.cells.applies).sort()).toEqual([
      "Every resort (general)",
      "Hilton Head Island",
      "State: HI",
    ]);
    // DOMAIN.md "Money": the buyer's closing costs come to about $400-$800.
    for (const r of costs.rows) {
      expect(Number(r.cells.buyer)).toBeGreaterThanOrEqual(40_000);
      expect(Number(r.cells.buyer)).toBeLessThanOrEqual(80_000);
      expect(r.cells.estoppel).toBe(15_000);
    }
  });
});

describe("/admin/companies", () => {
  it("refuses bad input with 400 and each field's message, and writes nothing", async () => {
    const before = await db.select().from(titleCompanies);
    const journals = await journalCount();
    const res = await createCompany({
      name: "X",
      email: "not-an-email",
      phone: "call me",
      wire_instructions: "",
      states_served: ["FL", "ZZ"],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual([
      "email",
      "name",
      "phone",
      "states_served",
      "wire_instructions",
    ]);
    expect(res.body.fields.email[0]).toMatch(/email address in full/);
    expect(res.body.fields.wire_instructions[0]).toMatch(/wire instructions/);
    expect(res.body.values.name).toBe("X");
    expect(await db.select().from(titleCompanies)).toHaveLength(before.length);
    expect(await journalCount()).toBe(journals);

    const sunrise = await companyByName("Sunrise Closing Services, Inc.");
    const edit = await editCompany(sunrise.id, goodCompany("Sunrise Closing Services, Inc.", { email: "nope@" }));
    expect(edit.status).toBe(400);
    expect(Object.keys(edit.body.fields)).toEqual(["email"]);
    expect(await companyByName("Sunrise Closing Services, Inc.")).toEqual(sunrise);
  });

  it("creates a company, keeps its wire instructions as typed, lists it in search and exports it", async () => {
    const res = await createCompany(goodCompany("Gulfstream Escrow Partners", { states_served: ["HI", "FL", "FL"] }));
    expect(res.status).toBe(303);
    const row = await companyByName("Gulfstream Escrow Partners");
    expect(row).toMatchObject({ wireInstructions: WIRE, statesServed: ["FL", "HI"], isDefault: false });
    const found = await listCompanies("q=gulfstream");
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0].cells).toMatchObject({ states: "FL, HI", default: false, open: 0 });
    const byState = await listCompanies("q=HI");
    expect(byState.rows.map((r) => r.title)).toContain("Gulfstream Escrow Partners");
    const csv = await exportResource(services, {
      actor: admin,
      input: { resource: companiesRes, params: new URLSearchParams("q=gulfstream") },
    });
    expect(csv.csv).toContain("Gulfstream Escrow Partners");
    expect(csv.csv).toContain("Account: 000123456789 (example)");
  });

  it("keeps exactly one default: saving one as default clears the others; Make default does the same", async () => {
    await createCompany(goodCompany("Pelican Bay Title", { is_default: "on" }));
    const pelican = await companyByName("Pelican Bay Title");
    expect(await liveDefaults()).toEqual([{ id: pelican.id, name: "Pelican Bay Title" }]);
    expect((await defaultTitleCompany(db))?.id).toBe(pelican.id);

    const magnolia = await companyByName("Magnolia Coast Title & Escrow, LLC");
    const made = await companyAction(magnolia.id, "make-default");
    expect(made.status).toBe(303);
    expect(await liveDefaults()).toEqual([{ id: magnolia.id, name: magnolia.name }]);

    // Unticking the default would leave none: refused, with the way to change it.
    const untick = await editCompany(magnolia.id, goodCompany(magnolia.name));
    expect(untick.status).toBe(400);
    expect(untick.body.fields.is_default[0]).toMatch(/open another company and tick/);
    expect((await companyByName(magnolia.name)).isDefault).toBe(true);

    // Editing another company without ticking the box leaves the default where it is.
    const pelicanEdit = await editCompany(pelican.id, goodCompany("Pelican Bay Title", { phone: "(407) 555-0199" }));
    expect(pelicanEdit.status).toBe(303);
    expect(await liveDefaults()).toEqual([{ id: magnolia.id, name: magnolia.name }]);
  });

  it("saves two defaults at once without ever leaving two", async () => {
    const a = await companyByName("Pelican Bay Title");
    const b = await companyByName("Gulfstream Escrow Partners");
    const results = await Promise.all([
      saveResource(services, {
        actor: admin,
        input: { resource: companiesRes, id: String(a.id), body: goodCompany(a.name, { is_default: "on" }) },
      }),
      saveResource(services, {
        actor: admin,
        input: { resource: companiesRes, id: String(b.id), body: goodCompany(b.name, { is_default: "on" }) },
      }),
    ]);
    expect(results).toHaveLength(2);
    expect(await liveDefaults()).toHaveLength(1);
    const magnolia = await companyByName("Magnolia Coast Title & Escrow, LLC");
    await companyAction(magnolia.id, "make-default");
  });

  it("never deletes the default company nor one an agreement in progress uses; deletes the others softly", async () => {
    const magnolia = await companyByName("Magnolia Coast Title & Escrow, LLC");
    const refusedDefault = await companyAction(magnolia.id, "delete-company");
    expect(refusedDefault.status).toBe(409);
    expect(refusedDefault.body.error).toMatch(/is the default title company and cannot be deleted/);
    expect((await companyByName(magnolia.name)).deletedAt).toBeNull();

    await createCompany(goodCompany("Busy Escrow Co"));
    const busy = await companyByName("Busy Escrow Co");
    const open = await agreementUsing(busy.id, "deposit_received");
    const refusedBusy = await companyAction(busy.id, "delete-company");
    expect(refusedBusy.status).toBe(409);
    expect(refusedBusy.body.error).toMatch(/an agreement in progress uses it/);
    expect((await companyByName("Busy Escrow Co")).deletedAt).toBeNull();
    expect((await listCompanies("q=busy+escrow")).rows[0].cells.open).toBe(1);

    // Once the deal is closed the company may go; it stays on record for the agreement.
    await db.update(agreements).set({ status: "closed" }).where(eq(agreements.id, open.id));
    const deleted = await companyAction(busy.id, "delete-company");
    expect(deleted.status).toBe(303);
    expect((await companyByName("Busy Escrow Co")).deletedAt).toBeInstanceOf(Date);
    expect((await listCompanies("q=busy+escrow")).rows).toHaveLength(0);
    expect(await closingCostsFor(db, { companyId: busy.id })).toBeNull();
    const [entry] = await db
      .select()
      .from(activityJournal)
      .where(eq(activityJournal.kind, "admin.resource"))
      .orderBy(desc(activityJournal.id))
      .limit(1);
    expect(entry.summary).toBe("Title company “Busy Escrow Co” deleted.");
    // A deleted company is no longer offered for cost rows.
    expect((await listCosts()).filters.find((f) => f.key === "companyId")?.options.map((o) => o.label)).not.toContain(
      "Busy Escrow Co",
    );
  });

  it("refuses buyers, sellers and writers, and an impersonating administrator", async () => {
    for (const email of ["buyer@example.com", "seller@example.com", "writer@example.com"]) {
      const cookie = await sessionCookieFor(services, email);
      const page = await call(listLoader, COMPANIES, COMPANIES, { cookie });
      expect([page.status, page.location]).toEqual([302, "/"]);
      const costsPage = await call(listLoader, COSTS, COSTS, { cookie });
      expect([costsPage.status, costsPage.location]).toEqual([302, "/"]);
      const before = await db.select().from(titleCompanies);
      const change = await createCompany(goodCompany(`Sneaky ${email}`), cookie);
      expect([change.status, change.location]).toEqual([302, "/"]);
      expect(await db.select().from(titleCompanies)).toHaveLength(before.length);
    }
    const buyer = viewerOf(await buildUser(db, { role: "buyer" }));
    expect(
      await outcome(
        listResource(services, { actor: buyer, input: { resource: costsRes, params: new URLSearchParams() } }),
      ),
    ).toMatch(/^403 FORBIDDEN/);
    const asBuyer = { ...buyer, impersonatedBy: admin.id };
    const magnolia = await companyByName("Magnolia Coast Title & Escrow, LLC");
    expect(
      await outcome(
        runRowAction(services, {
          actor: asBuyer,
          input: { resource: companiesRes, intent: "delete-company", id: String(magnolia.id) },
        }),
      ),
    ).toMatch(/^403 FORBIDDEN/);
  });

  it("is walked by the route-access rows, both screens", () => {
    const paths = routeAccessRows.map((r) => `${r.method ?? "GET"} ${r.path}`);
    expect(paths).toEqual(expect.arrayContaining(["GET /admin/companies", "POST /admin/companies"]));
    expect(paths).toEqual(expect.arrayContaining(["GET /admin/companies/costs", "POST /admin/companies/costs"]));
  });
});

describe("/admin/companies/costs", () => {
  it("refuses negative, too large, missing and both-resort-and-state fees with 400, writing nothing", async () => {
    const magnolia = await companyByName("Magnolia Coast Title & Escrow, LLC");
    const blt = await resortByCode(db, "BLT");
    const before = await db.select().from(titleCompanyCosts);
    const res = await createCost({
      company_id: String(magnolia.id),
      resort_id: String(blt.id),
      state: "FL",
      closing_fee: "-5",
      recording_fee: "10001",
      title_search: "",
      estoppel_fee: "150",
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["closing_fee", "recording_fee", "title_search"]);
    expect(res.body.fields.recording_fee[0]).toMatch(/at most \$10,000/);
    const both = await createCost({
      company_id: String(magnolia.id),
      resort_id: String(blt.id),
      state: "FL",
      closing_fee: "1",
      recording_fee: "1",
      title_search: "1",
      estoppel_fee: "1",
    });
    expect(both.status).toBe(400);
    expect(both.body.fields.state[0]).toMatch(/resort or a state, not both/);
    // A second general row for the same company.
    const dup = await createCost({
      company_id: String(magnolia.id),
      closing_fee: "1",
      recording_fee: "1",
      title_search: "1",
      estoppel_fee: "1",
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error).toMatch(/already has a cost row for all its resorts/);
    const noCompany = await createCost({
      company_id: "999999",
      closing_fee: "1",
      recording_fee: "1",
      title_search: "1",
      estoppel_fee: "1",
    });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.fields.company_id[0]).toBe("Choose one of the title companies.");
    expect(await db.select().from(titleCompanyCosts)).toHaveLength(before.length);
  });

  it("creates, edits, filters by company and deletes a row; closingCostsFor picks the most specific row", async () => {
    await createCompany(goodCompany("Keys Closing Group"));
    const keys = await companyByName("Keys Closing Group");
    const aul = await resortByCode(db, "AUL");
    const blt = await resortByCode(db, "BLT");

    // No cost table at all: zeros, flagged, with the wire instructions.
    expect(await closingCostsFor(db, { companyId: keys.id, resortId: blt.id })).toMatchObject({
      source: "none",
      noCostTable: true,
      costRowId: null,
      closingFeeCents: 0,
      estoppelFeeCents: 0,
      wireInstructions: WIRE,
    });

    const fees = (c: number | string, r: number, t: number, e: number) => ({
      closing_fee: String(c),
      recording_fee: String(r),
      title_search: String(t),
      estoppel_fee: String(e),
    });
    expect((await createCost({ company_id: String(keys.id), ...fees(300, 90, 150, 150) })).status).toBe(303);
    expect((await createCost({ company_id: String(keys.id), state: "HI", ...fees(400, 120, 250, 150) })).status).toBe(
      303,
    );
    expect(
      (await createCost({ company_id: String(keys.id), resort_id: String(blt.id), ...fees("1,250.50", 0, 0, 0) }))
        .status,
    ).toBe(303);

    const listed = await listCosts(`f.companyId=${keys.id}`);
    expect(listed.rows.map((r) => [r.cells.applies, r.cells.closing, r.cells.buyer])).toEqual(
      expect.arrayContaining([
        ["Every resort (general)", 30_000, 54_000],
        ["State: HI", 40_000, 77_000],
        [blt.name, 125_050, 125_050],
      ]),
    );
    expect(listed.rows).toHaveLength(3);
    expect(listed.rows.every((r) => r.cells.company === "Keys Closing Group")).toBe(true);

    // The resort's row; the state's row (given, or read from the resort: Aulani is in Hawaii); the general row.
    expect(await closingCostsFor(db, { companyId: keys.id, resortId: blt.id })).toMatchObject({
      source: "resort",
      closingFeeCents: 125_050,
      noCostTable: false,
    });
    expect(await closingCostsFor(db, { companyId: keys.id, resortId: aul.id })).toMatchObject({
      source: "state",
      state: "HI",
      closingFeeCents: 40_000,
      titleSearchCents: 25_000,
    });
    expect(await closingCostsFor(db, { companyId: keys.id, state: "hi" })).toMatchObject({ source: "state" });
    const okw = await resortByCode(db, "OKW");
    expect(await closingCostsFor(db, { companyId: keys.id, resortId: okw.id })).toMatchObject({
      source: "general",
      state: "FL",
      closingFeeCents: 30_000,
      recordingFeeCents: 9_000,
      titleSearchCents: 15_000,
      estoppelFeeCents: 15_000,
    });
    // Without a company: the default's.
    const def = await closingCostsFor(db, { resortId: aul.id });
    expect(def).toMatchObject({ source: "state", closingFeeCents: 39_500 });
    expect(def?.company.isDefault).toBe(true);
    expect(def?.wireInstructions).toMatch(/Magnolia|First Coastal/);

    // Edit the resort row's fee; once it is deleted, Bay Lake Tower gets the general row (no FL row here).
    const resortRow = (
      await db
        .select()
        .from(titleCompanyCosts)
        .where(and(eq(titleCompanyCosts.companyId, keys.id), eq(titleCompanyCosts.resortId, blt.id)))
    )[0];
    const edit = await call(
      formAction,
      `${COSTS}/:id/edit`,
      `${COSTS}/${resortRow.id}/edit`,
      {
        method: "POST",
        form: { company_id: String(keys.id), resort_id: String(blt.id), ...fees(350, 100, 175, 150) },
        cookie: adminCookie,
      },
      { id: resortRow.id },
    );
    expect(edit.status).toBe(303);
    expect((await closingCostsFor(db, { companyId: keys.id, resortId: blt.id }))?.closingFeeCents).toBe(35_000);
    const del = await call(listAction, COSTS, COSTS, {
      method: "POST",
      form: { intent: "delete", ids: String(resortRow.id) },
      cookie: adminCookie,
    });
    expect(del.status).toBe(303);
    expect(await closingCostsFor(db, { companyId: keys.id, resortId: blt.id })).toMatchObject({ source: "general" });
  });

  it("offers the live companies and the resorts (not the interval entry) in the form", async () => {
    const res = await call(
      (await import("~/routes/admin/resource/form")).loader,
      `${COSTS}/create`,
      `${COSTS}/create`,
      { cookie: adminCookie },
    );
    expect(res.status).toBe(200);
    const company = res.body.fields.find((f: { name: string }) => f.name === "company_id");
    const resort = res.body.fields.find((f: { name: string }) => f.name === "resort_id");
    expect(company.options.map((o: { label: string }) => o.label)).toContain("Sunrise Closing Services, Inc.");
    const interval = await db.select().from(resorts).where(eq(resorts.isInterval, true));
    expect(resort.options.map((o: { value: string }) => o.value)).not.toContain(String(interval[0]?.id));
    expect(resort.options.length).toBe(17);
  });
});
