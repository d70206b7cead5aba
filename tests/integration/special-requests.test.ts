import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityJournal,
  mailOutbox,
  smsOutbox,
  specialRequestMatches,
  specialRequests,
  userSettings,
} from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { transition } from "~/lib/workflow.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { listingWorkflow } from "~/modules/listings/listing.workflow";
import { updateListing } from "~/modules/listings/inventory.server";
import { SPECIAL_REQUEST_QUEUES } from "~/modules/special-requests/special-requests.queues";
import {
  closeSpecialRequest,
  createSpecialRequest,
  getSpecialRequest,
  listMySpecialRequests,
} from "~/modules/special-requests/special-requests.server";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { action as fileAction, loader as fileLoader } from "~/routes/public/special-request";
import { action as closeAction, loader as detailLoader } from "~/routes/profile/special-request";
import { buildListing, buildUser, resortByCode, viewerOf } from "../factories";
import { workQueued } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

const admin = viewerOf(await buildUser(db, { role: "admin", staffRole: "admin" }));
const sellerRow = await buildUser(db, { role: "seller" });
const seller = viewerOf(sellerRow);
const blt = await resortByCode(db, "BLT");
const riv = await resortByCode(db, "RIV");

const mailsTo = (email: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
const requestRow = async (id: number) => (await db.select().from(specialRequests).where(eq(specialRequests.id, id)))[0];
const requestsOf = (buyerId: string) => db.select().from(specialRequests).where(eq(specialRequests.buyerId, buyerId));

type Fn = (args: any) => unknown;
const route = (fn: Fn, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) =>
  callRoute(fn as never, makeRequest(path, init), params);

/** A request for Bay Lake Tower, 150 to 200 points, at most $170 a point. */
const BLT_REQUEST = { resorts: [String(blt.id)], min_points: "150", max_points: "200", max_price_per_point: "170" };

async function approve(listingId: number) {
  await transition(services, listingWorkflow, listingId, "approve", { actor: admin });
}

describe("filing a special request", () => {
  it("a buyer files one from the form: 303 to its page with a toast, the row and a journal entry", async () => {
    const buyer = await buildUser(db);
    const cookie = await sessionCookieFor(services, buyer.email, "factory-pass-1");
    const page = await route(fileLoader, "/special-request", { cookie });
    expect(page.body.who).toBe("buyer");
    expect(page.body.resorts.map((r: { name: string }) => r.name)).toContain("Bay Lake Tower");

    const res = await route(fileAction, "/special-request", {
      method: "POST",
      cookie,
      form: {
        ...BLT_REQUEST,
        use_months: ["2", "12"],
        budget: "$34,000",
        needed_by: "2099-06-30",
        notes: "Near the lake",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(303);
    const [row] = await requestsOf(buyer.id);
    expect(res.location).toBe(`/my-special-requests/${row.id}`);
    expect(row).toMatchObject({
      status: "open",
      resortIds: [blt.id],
      useMonths: [2, 12],
      minPoints: 150,
      maxPoints: 200,
      maxPricePerPointCents: 17000,
      budgetCents: 3_400_000,
      neededBy: "2099-06-30",
      notes: "Near the lake",
    });
    const [entry] = await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.userId, buyer.id), eq(activityJournal.kind, "special-request.create")));
    expect(entry.summary).toBe(`Filed special request #${row.id}.`);
  });

  it("refuses bad input with a 400 naming each field, writing nothing", async () => {
    const buyer = await buildUser(db);
    const cookie = await sessionCookieFor(services, buyer.email, "factory-pass-1");
    const cases: [Record<string, string | string[]>, string, RegExp][] = [
      [{ notes: "anything" }, "resorts", /at least one thing/],
      [{ min_points: "300", max_points: "200" }, "max_points", /cannot be below the smallest/],
      [{ min_points: "10" }, "min_points", /at least 25/],
      [{ min_points: "150.5" }, "min_points", /whole number/],
      [{ max_price_per_point: "12" }, "max_price_per_point", /between \$50 and \$400/],
      [{ max_price_per_point: "abc" }, "max_price_per_point", /in dollars/],
      [{ resorts: ["999999"] }, "resorts", /from the list/],
      [{ resorts: ["x"] }, "resorts", /from the list/],
      [{ use_months: ["5"] }, "use_months", /from the list/],
      [{ ...BLT_REQUEST, needed_by: "2001-01-01" }, "needed_by", /past/],
      [{ ...BLT_REQUEST, needed_by: "soon" }, "needed_by", /YYYY-MM-DD/],
      [{ ...BLT_REQUEST, notes: "x".repeat(2001) }, "notes", /under 2000/],
    ];
    for (const [form, field, message] of cases) {
      const res = await route(fileAction, "/special-request", { method: "POST", cookie, form });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body.fields?.[field]?.[0], `${JSON.stringify(form)}: ${JSON.stringify(res.body)}`).toMatch(message);
    }
    expect(await requestsOf(buyer.id)).toHaveLength(0);
  });

  it("is for buyers: sellers, staff and visitors cannot file one", async () => {
    const sellerCookie = await sessionCookieFor(services, sellerRow.email, "factory-pass-1");
    expect((await route(fileLoader, "/special-request", { cookie: sellerCookie })).body.who).toBe("other");
    const refused = await route(fileAction, "/special-request", {
      method: "POST",
      cookie: sellerCookie,
      form: BLT_REQUEST,
    });
    expect(refused.status).toBe(302);
    expect(await requestsOf(sellerRow.id)).toHaveLength(0);
    const writer = await buildUser(db, { staffRole: "writer" });
    const err = await createSpecialRequest(services, { actor: viewerOf(writer), input: BLT_REQUEST }).catch((e) => e);
    expect(isAppError(err) && err.code).toBe("FORBIDDEN");
    expect((await route(fileLoader, "/special-request")).body.who).toBe("visitor");
    const anon = await route(fileAction, "/special-request", { method: "POST", form: BLT_REQUEST });
    expect(anon.location).toMatch(/^\/sign-in/);
  });

  it("allows at most 10 open requests per buyer (409), and closing one makes room", async () => {
    const buyer = viewerOf(await buildUser(db));
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await createSpecialRequest(services, { actor: buyer, input: BLT_REQUEST }));
    const err = await createSpecialRequest(services, { actor: buyer, input: BLT_REQUEST }).catch((e) => e);
    expect(isAppError(err) && err.status).toBe(409);
    await closeSpecialRequest(services, { actor: buyer, input: { id: made[0].id, reason: "found" } });
    await expect(createSpecialRequest(services, { actor: buyer, input: BLT_REQUEST })).resolves.toMatchObject({
      status: "open",
    });
  });
});

describe("Alert me about new matches (a /listings search as a request)", () => {
  it("carries the resort, points, most per point, budget and use years over; refuses a search with none", async () => {
    const buyer = await buildUser(db);
    const cookie = await sessionCookieFor(services, buyer.email, "factory-pass-1");
    const res = await route(fileAction, "/special-request", {
      method: "POST",
      cookie,
      form: {
        intent: "from-search",
        query: "resort=BLT&points=150-220&ppp=100-175&price=0-30000&score=30-100&uy=Feb&uy=Dec",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(303);
    const [row] = await requestsOf(buyer.id);
    expect(row).toMatchObject({
      resortIds: [blt.id],
      minPoints: 150,
      maxPoints: 220,
      maxPricePerPointCents: 17500,
      budgetCents: 3_000_000,
      useMonths: [2, 12],
      notes: "Filed from a listings search.",
    });
    const none = await route(fileAction, "/special-request", {
      method: "POST",
      cookie,
      form: { intent: "from-search", query: "score=30-100&sort=price-asc" },
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/Choose a resort, points, a use year or a price/);
    expect(await requestsOf(buyer.id)).toHaveLength(1);
  });
});

describe("matching listings to open requests", () => {
  it("mails the buyer once when a listing that meets the request goes live, never for one that does not", async () => {
    const buyerRow = await buildUser(db);
    const buyer = viewerOf(buyerRow);
    const req = await createSpecialRequest(services, { actor: buyer, input: BLT_REQUEST });
    const meets = await buildListing(db, {
      seller: sellerRow,
      resortCode: "BLT",
      points: 160,
      pricePerPointCents: 16500,
      status: LISTING_STATUS.pending,
    });
    const tooBig = await buildListing(db, {
      seller: sellerRow,
      resortCode: "BLT",
      points: 300,
      pricePerPointCents: 16500,
      status: LISTING_STATUS.pending,
    });
    const tooDear = await buildListing(db, {
      seller: sellerRow,
      resortCode: "BLT",
      points: 160,
      pricePerPointCents: 17100,
      status: LISTING_STATUS.pending,
    });
    const elsewhere = await buildListing(db, {
      seller: sellerRow,
      resortCode: "RIV",
      points: 160,
      pricePerPointCents: 15000,
      status: LISTING_STATUS.pending,
    });
    for (const l of [meets, tooBig, tooDear, elsewhere]) await approve(l.id);
    await workQueued(services, SPECIAL_REQUEST_QUEUES.match);

    const mails = await mailsTo(buyerRow.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].template).toBe("special-request-match");
    expect(mails[0].subject).toBe("A Bay Lake Tower contract that meets your request was just listed");
    expect(mails[0].text).toContain(meets.listingCode);
    expect(mails[0].text).toContain(`/listing-info/${meets.id}`);
    expect(mails[0].text).toContain(`/my-special-requests/${req.id}`);
    const matches = await db.select().from(specialRequestMatches).where(eq(specialRequestMatches.requestId, req.id));
    expect(matches.map((m) => [m.listingId, m.reason])).toEqual([[meets.id, "listed"]]);

    // The same listing going live again (deactivated, then activated) is not announced twice.
    await transition(services, listingWorkflow, meets.id, "deactivate", { actor: seller, input: { reason: "2" } });
    await transition(services, listingWorkflow, meets.id, "activate", { actor: seller });
    await workQueued(services, SPECIAL_REQUEST_QUEUES.match);
    expect(await mailsTo(buyerRow.email)).toHaveLength(1);

    // The request's page lists what meets it now and what was mailed.
    const page = await getSpecialRequest(services, { actor: buyer, input: { id: req.id } });
    expect(page.meetingNow.map((l) => l.id)).toContain(meets.id);
    expect(page.meetingNow.map((l) => l.id)).not.toContain(tooBig.id);
    expect(page.announced.map((a) => a.listingId)).toEqual([meets.id]);
    expect(page.criteria).toBe("Bay Lake Tower; 150 to 200 points; at most $170/pt");
  });

  it("mails when a live listing's new price meets the request", async () => {
    const buyerRow = await buildUser(db);
    await createSpecialRequest(services, {
      actor: viewerOf(buyerRow),
      input: { resorts: [String(riv.id)], max_price_per_point: "140" },
    });
    const l = await buildListing(db, { seller: sellerRow, resortCode: "RIV", points: 150, pricePerPointCents: 15000 });
    await workQueued(services, SPECIAL_REQUEST_QUEUES.match);
    expect(await mailsTo(buyerRow.email)).toHaveLength(0);
    await updateListing(services, {
      actor: seller,
      input: {
        id: l.id,
        values: {
          resortId: riv.id,
          useMonth: 2,
          contractPoints: 150,
          prevYearPoints: 0,
          currYearPoints: 150,
          nextYearPoints: 150,
          pricePerPoint: 135,
          noHaggle: false,
        },
      },
    });
    await workQueued(services, SPECIAL_REQUEST_QUEUES.match);
    const mails = await mailsTo(buyerRow.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("has a new price");
    // SMS was off for this buyer: no text.
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.body, mails[0].subject))).toHaveLength(0);
  });

  it("also texts a buyer who turned SMS on and gave a US number", async () => {
    const buyerRow = await buildUser(db);
    await db
      .update(userSettings)
      .set({ smsEnabled: true, usPhoneNumber: "(407) 555-0142" })
      .where(eq(userSettings.userId, buyerRow.id));
    await createSpecialRequest(services, {
      actor: viewerOf(buyerRow),
      input: { resorts: [String(riv.id)], min_points: "210", max_points: "212" },
    });
    const l = await buildListing(db, {
      seller: sellerRow,
      resortCode: "RIV",
      points: 211,
      status: LISTING_STATUS.pending,
    });
    await approve(l.id);
    await workQueued(services, SPECIAL_REQUEST_QUEUES.match);
    const texts = await db.select().from(smsOutbox).where(eq(smsOutbox.to, "+14075550142"));
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toMatch(
      /^Vacation Points Market: a 211-point Riviera contract at \$150\/pt meeting your special request was just listed\. http/,
    );
    expect(texts[0].body).toContain(`/listing-info/${l.id}`);
  });

  it("does not mail a closed request", async () => {
    const buyerRow = await buildUser(db);
    const buyer = viewerOf(buyerRow);
    const req = await createSpecialRequest(services, { actor: buyer, input: BLT_REQUEST });
    await closeSpecialRequest(services, { actor: buyer, input: { id: req.id } });
    const l = await buildListing(db, {
      seller: sellerRow,
      resortCode: "BLT",
      points: 170,
      pricePerPointCents: 15000,
      status: LISTING_STATUS.pending,
    });
    await approve(l.id);
    await workQueued(services, SPECIAL_REQUEST_QUEUES.match);
    expect(await mailsTo(buyerRow.email)).toHaveLength(0);
  });
});

describe("a request's page and closing it", () => {
  it("shows a request to its buyer and an administrator only (404 for anyone else); closing twice is a 409", async () => {
    const ownerRow = await buildUser(db);
    const owner = viewerOf(ownerRow);
    const req = await createSpecialRequest(services, { actor: owner, input: BLT_REQUEST });
    const ownerCookie = await sessionCookieFor(services, ownerRow.email, "factory-pass-1");
    const other = await buildUser(db);
    const otherCookie = await sessionCookieFor(services, other.email, "factory-pass-1");
    const path = `/my-special-requests/${req.id}`;
    expect((await route(detailLoader, path, { cookie: ownerCookie }, { id: String(req.id) })).status).toBe(200);
    expect((await route(detailLoader, path, { cookie: otherCookie }, { id: String(req.id) })).status).toBe(404);
    expect((await route(detailLoader, "/my-special-requests/abc", { cookie: ownerCookie }, { id: "abc" })).status).toBe(
      404,
    );
    expect((await getSpecialRequest(services, { actor: admin, input: { id: req.id } })).buyer?.email).toBe(
      ownerRow.email,
    );
    expect((await listMySpecialRequests(services, { actor: owner })).map((r) => r.id)).toEqual([req.id]);

    const stranger = await route(
      closeAction,
      path,
      { method: "POST", cookie: otherCookie, form: { reason: "found" } },
      { id: String(req.id) },
    );
    expect(stranger.status).toBe(404);
    expect((await requestRow(req.id)).status).toBe("open");
    const closed = await route(
      closeAction,
      path,
      { method: "POST", cookie: ownerCookie, form: { reason: "found" } },
      { id: String(req.id) },
    );
    expect(closed.status).toBe(303);
    expect(await requestRow(req.id)).toMatchObject({ status: "closed", closedReason: "Found a contract" });
    const twice = await route(
      closeAction,
      path,
      { method: "POST", cookie: ownerCookie, form: { reason: "found" } },
      { id: String(req.id) },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("This request is already closed.");
  });

  it("administrators see every request on /admin/special-requests and can close one", async () => {
    const ownerRow = await buildUser(db, { name: "Quinn Requester" });
    const req = await createSpecialRequest(services, { actor: viewerOf(ownerRow), input: BLT_REQUEST });
    const adminCookie = await sessionCookieFor(services, "admin@example.com");
    const call = (fn: Fn, init: Parameters<typeof makeRequest>[1], path = "/admin/special-requests?q=Quinn") => {
      const request = makeRequest(path, init);
      return callRoute(
        ((a: object) => fn({ ...a, pattern: "/admin/special-requests", url: new URL(request.url) })) as never,
        request,
      );
    };
    const list = await call(listLoader, { cookie: adminCookie });
    expect(list.status).toBe(200);
    const row = list.body.rows.find((r: { id: string }) => r.id === String(req.id));
    expect(row.cells).toMatchObject({
      buyer: "Quinn Requester",
      resorts: "Bay Lake Tower",
      points: "150 to 200",
      isOpen: true,
    });
    expect(row.actions.map((a: { intent: string }) => a.intent)).toEqual(["close"]);
    const res = await call(listAction, {
      method: "POST",
      cookie: adminCookie,
      form: { intent: "close", id: String(req.id) },
    });
    expect(res.status).toBe(303);
    expect(await requestRow(req.id)).toMatchObject({ status: "closed", closedReason: "Closed by an administrator" });
    const buyerCookie = await sessionCookieFor(services, ownerRow.email, "factory-pass-1");
    expect((await call(listLoader, { cookie: buyerCookie })).location).toBe("/");
  });
});
