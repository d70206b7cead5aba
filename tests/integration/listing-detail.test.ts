import { and, count, eq, ne } from "drizzle-orm";
import { CLIENT_ADDRESS_HEADER } from "~/lib/request.server";
import { describe, expect, it } from "vitest";
import { contactMessages, listings, mailOutbox, resorts, user } from "~/db/schema";
import { useMonthName } from "~/lib/format";
import { CONTACT_MESSAGES } from "~/modules/contact/contact.schema";
import { action as apiAction, loader as apiLoader } from "~/routes/api/get-listing-by-id";
import { action as brokerAction, loader as brokerLoader, meta as brokerMeta } from "~/routes/public/broker-listing";
import { action as infoAction, loader as infoLoader, meta as infoMeta } from "~/routes/public/listing-info";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const { db } = services;
const seller = await sessionCookieFor(services, "seller@example.com");
const seller2 = await sessionCookieFor(services, "seller2@example.com");
const buyer = await sessionCookieFor(services, "buyer@example.com");
const admin = await sessionCookieFor(services, "admin@example.com");

const userId = async (email: string) =>
  (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0].id;
const sellerId = await userId("seller@example.com");
const buyerId = await userId("buyer@example.com");

const withStatus = (status: number, source: "member" | "broker" = "member") =>
  db
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.listingStatusId, status),
        eq(listings.source, source),
        eq(listings.isTest, false),
        source === "member" ? eq(listings.sellerId, sellerId) : undefined,
      ),
    )
    .orderBy(listings.id);

const [active, testListing] = await withStatus(3);
const [deactivated] = await withStatus(9);
const [broker] = await withStatus(3, "broker");
await db.update(listings).set({ isTest: true }).where(eq(listings.id, testListing.id));
const [resort] = await db.select().from(resorts).where(eq(resorts.id, active.resortId));

const page = (id: number | string, cookie?: string) => makeRequest(`/listing-info/${id}`, { cookie });
const loadInfo = (id: number | string, cookie?: string) =>
  callRoute(infoLoader as never, page(id, cookie), { id: String(id) });

const goodQuestion = {
  name: "Pat Buyer",
  email: "pat@example.net",
  phone: "(407) 555-0123",
  message: "Is the banked points figure confirmed by the developer?",
};
let ipCounter = 1;
const ask = (id: number, form: Record<string, string>, opts: { cookie?: string; ip?: string } = {}) =>
  callRoute(
    infoAction as never,
    makeRequest(`/listing-info/${id}`, {
      form,
      cookie: opts.cookie,
      headers: { [CLIENT_ADDRESS_HEADER]: opts.ip ?? `203.0.113.${ipCounter++}` },
    }),
    { id: String(id) },
  );
const messageCount = async () => Number((await db.select({ n: count() }).from(contactMessages))[0].n);

describe("the listing detail page", () => {
  it("shows a public listing with its facts, dues, term, restrictions, score explained, chart and similar listings", async () => {
    const res = await loadInfo(active.id);
    expect(res.status).toBe(200);
    const l = res.body.listing;
    expect(l.listingCode).toBe(active.listingCode);
    expect(l.visibility).toBe("public");
    expect(l.contractPoints).toBe(active.contractPoints);
    expect(l.totalCents).toBe(active.contractPoints * active.pricePerPointCents);
    expect(l.resort.name).toBe(resort.name);
    expect(l.title).toContain(`${active.contractPoints} points at ${resort.name}`);
    expect(l.availability.map((c: { key: string }) => c.key)).toEqual(["prev", "curr", "next"]);
    expect(l.availability[1].points).toBe(active.currYearPoints);
    expect(l.availability[1].year - l.availability[0].year).toBe(1);
    expect(l.availability[1].dates.start).toMatch(new RegExp(`^${l.availability[1].year}-`));
    if (resort.duesPerPointCents !== null) {
      expect(l.dues.annualCents).toBe(active.contractPoints * resort.duesPerPointCents);
      expect(l.dues.atClosing.length).toBeGreaterThan(0);
      for (const e of l.dues.atClosing) {
        expect(e.cents).toBe(Math.round((l.dues.annualCents * (12 - e.month)) / 12));
      }
    }
    expect(l.term.endDate).toBe(`${resort.contractEndYear}-01-31`);
    expect(l.restrictions.map((r: { id: string }) => r.id)).toContain("collections");
    expect(l.explanation).not.toBeNull();
    expect(l.explanation.inputs.pricePerPointCents).toBe(active.pricePerPointCents);
    expect(l.explanation.factors.length).toBeGreaterThan(0);
    expect(l.score).toBe(l.explanation.score);

    const sameResort = await db
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.resortId, active.resortId),
          eq(listings.listingStatusId, 3),
          eq(listings.isTest, false),
          ne(listings.id, active.id),
        ),
      );
    const ids = new Set(sameResort.map((r) => r.id));
    expect(l.chart.totalOthers).toBe(ids.size);
    expect(l.chart.others.every((p: { id: number }) => ids.has(p.id))).toBe(true);
    expect(l.similar.length).toBe(Math.min(4, ids.size));
    expect(l.similar.every((s: { id: number }) => ids.has(s.id))).toBe(true);
    expect(res.body.sender).toEqual({});
  });

  it("titles the page by points, resort and use year, and keeps hidden listings out of search engines", async () => {
    const pub = infoMeta({ loaderData: (await loadInfo(active.id)).body } as never) as Record<string, string>[];
    expect(pub[0].title).toBe(
      `${active.contractPoints} points at ${resort.name}, ${useMonthName(active.useMonth)} use year | Vacation Points Market`,
    );
    expect(pub.find((t) => t.name === "description")?.content).toContain(resort.name);
    expect(pub.some((t) => t.name === "robots")).toBe(false);
    const hidden = infoMeta({ loaderData: (await loadInfo(deactivated.id, seller)).body } as never) as Record<
      string,
      string
    >[];
    expect(hidden).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("pre-fills the question form for a signed-in visitor", async () => {
    const res = await loadInfo(active.id, buyer);
    expect(res.body.sender).toEqual({ name: expect.any(String), email: "buyer@example.com" });
  });

  it.each([
    ["deactivated", () => deactivated],
    ["test", () => testListing],
  ])(
    "hides a %s listing from anonymous visitors, buyers and other sellers, and shows it to its seller and admins",
    async (kind, get) => {
      const l = get();
      for (const cookie of [undefined, buyer, seller2]) {
        expect((await loadInfo(l.id, cookie)).status).toBe(404);
      }
      const mine = await loadInfo(l.id, seller);
      expect(mine.status).toBe(200);
      expect(mine.body.listing.visibility).toBe(kind);
      expect(mine.body.listing.explanation).toBeNull();
      expect((await loadInfo(l.id, admin)).status).toBe(200);
    },
  );

  it("answers 404 for unknown or malformed ids", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "1e3", "99999999999", "2147483647", " 1"]) {
      expect((await loadInfo(id)).status, id).toBe(404);
    }
  });

  it("suggests listings for sale on a gone listing's 404, each with its own page and its resort's picture", async () => {
    const gone = await loadInfo(99999999);
    expect(gone.status).toBe(404);
    const suggestions = gone.body.suggestions as { href: string; detail: string; resort: { slug: string } }[];
    expect(suggestions.length).toBeGreaterThan(0);
    for (const s of suggestions) {
      expect(s.href).toMatch(/^\/(listing-info|broker-listings)\/\d+$/);
      expect(s.resort.slug).toMatch(/^[a-z0-9-]+$/);
      expect(s.detail).toMatch(/^[\d,]+ points × \$[\d,.]+\/pt = \$[\d,]+ total$/);
    }
  });

  it("shows broker listings on /broker-listings/:id and 404s a member listing there", async () => {
    const ok = await callRoute(brokerLoader as never, makeRequest(`/broker-listings/${broker.id}`), {
      id: String(broker.id),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.listing.broker.name).toBeTruthy();
    expect(ok.body.listing.source).toBe("broker");
    const member = await callRoute(brokerLoader as never, makeRequest(`/broker-listings/${active.id}`), {
      id: String(active.id),
    });
    expect(member.status).toBe(404);
    expect((await loadInfo(broker.id)).status).toBe(200);
    const tags = brokerMeta({ loaderData: ok.body } as never) as Record<string, string>[];
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${services.config.authUrl.replace(/\/$/, "")}/listing-info/${broker.id}`,
    });
  });
});

describe("ask about this listing", () => {
  it("stores the message with the listing and mails it, with the listing attached, to the site's address", async () => {
    const res = await ask(active.id, goodQuestion);
    expect(res.status).toBe(200);
    expect(res.body.sentId).toEqual(expect.any(Number));
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, res.body.sentId));
    expect(row).toMatchObject({
      listingId: active.id,
      userId: null,
      name: "Pat Buyer",
      email: "pat@example.net",
      phone: "(407) 555-0123",
      subject: `Question about listing ${active.listingCode}`,
    });
    expect(row.mailId).toEqual(expect.any(Number));
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row.mailId as number));
    expect(mail.to).toBe("hello@vacationpointsmarket.test");
    expect(mail.subject).toContain(active.listingCode);
    expect(mail.text).toContain(goodQuestion.message);
    expect(mail.text).toContain(resort.name);
    expect(mail.text).toContain(`/listing-info/${active.id}`);
    expect(mail.html).toContain(active.listingCode);
  });

  it("records the signed-in sender and escapes their text in the mail", async () => {
    const res = await ask(
      active.id,
      { ...goodQuestion, phone: "", message: "<b>Bold</b> question about dues?" },
      { cookie: buyer },
    );
    expect(res.status).toBe(200);
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, res.body.sentId));
    expect(row.userId).toBe(buyerId);
    expect(row.phone).toBeNull();
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row.mailId as number));
    expect(mail.html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Bold</b>");
  });

  it("answers 400 with clear messages and writes nothing for bad input", async () => {
    const before = await messageCount();
    const mailsBefore = Number((await db.select({ n: count() }).from(mailOutbox))[0].n);
    const cases: [Record<string, string>, string, string | RegExp][] = [
      [{ email: "not-an-email" }, "email", "Email address is invalid, enter correct email."],
      [{ email: "" }, "email", "Email address is invalid, enter correct email."],
      [{ name: "" }, "name", CONTACT_MESSAGES.nameRequired],
      [{ message: "Hi" }, "message", CONTACT_MESSAGES.messageTooShort],
      [{ message: "x".repeat(2001) }, "message", CONTACT_MESSAGES.messageTooLong],
      [{ phone: "12345" }, "phone", CONTACT_MESSAGES.phoneInvalid],
      [{ phone: "call me maybe" }, "phone", CONTACT_MESSAGES.phoneInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await ask(active.id, { ...goodQuestion, ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.fields?.[field]?.[0], field).toEqual(message);
    }
    const json = await callRoute(
      infoAction as never,
      makeRequest(`/listing-info/${active.id}`, {
        json: goodQuestion,
        headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.1" },
      }),
      { id: String(active.id) },
    );
    expect(json.status).toBe(400);
    expect(json.body.fields.email).toEqual(["Email address is invalid, enter correct email."]);
    expect(await messageCount()).toBe(before);
    expect(Number((await db.select({ n: count() }).from(mailOutbox))[0].n)).toBe(mailsBefore);
  });

  it("refuses a listing that is not for sale with 404 and stores nothing", async () => {
    const before = await messageCount();
    expect((await ask(deactivated.id, goodQuestion)).status).toBe(404);
    expect((await ask(testListing.id, goodQuestion, { cookie: seller })).status).toBe(404);
    const viaBrokerPage = await callRoute(
      brokerAction as never,
      makeRequest(`/broker-listings/${active.id}`, {
        form: goodQuestion,
        headers: { [CLIENT_ADDRESS_HEADER]: "198.51.100.9" },
      }),
      { id: String(active.id) },
    );
    expect(viaBrokerPage.status).toBe(404);
    expect(await messageCount()).toBe(before);
  });

  it("allows 5 questions an hour from one address, then answers 429", async () => {
    const ip = "198.51.100.77";
    for (let n = 0; n < 5; n++) expect((await ask(active.id, goodQuestion, { ip })).status).toBe(200);
    const before = await messageCount();
    const res = await ask(active.id, goodQuestion, { ip });
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual(CONTACT_MESSAGES.rateLimited);
    expect(await messageCount()).toBe(before);
    expect((await ask(active.id, goodQuestion, { ip: "198.51.100.78" })).status).toBe(200);
  });
});

describe("listing.get-listing-by-id", () => {
  const call = (init: Parameters<typeof makeRequest>[1]) =>
    callRoute(apiAction as never, makeRequest("/api/listing/get-listing-by-id", init));

  it("answers the listing in SPEC names and the use-year setting", async () => {
    const res = await call({ json: { listing_id: active.id } });
    expect(res.status).toBe(200);
    expect(res.body.listing).toEqual({
      id: active.id,
      listing_code: active.listingCode,
      use_month: expect.stringMatching(/^[A-Z][a-z]{2}$/),
      use_month_full: expect.any(String),
      contract_points: active.contractPoints,
      price_per_points: active.pricePerPointCents / 100,
      prev_year_points: active.prevYearPoints,
      curr_year_points: active.currYearPoints,
      next_year_points: active.nextYearPoints,
      listing_status_id: 3,
      resort_code: resort.code,
      resort_name: resort.name,
      total: (active.contractPoints * active.pricePerPointCents) / 100,
      score: expect.any(Number),
      no_haggle: active.noHaggle,
    });
    expect(res.body.settings.use_years_membership_page).toEqual([
      "Feb",
      "Mar",
      "Apr",
      "Jun",
      "Aug",
      "Sep",
      "Oct",
      "Dec",
    ]);

    const form = await call({ form: { listing_id: String(active.id) } });
    expect(form.status).toBe(200);
    expect(form.body.listing.id).toBe(active.id);
  });

  it("answers 400 for a missing or non-numeric id", async () => {
    for (const json of [{}, { listing_id: "abc" }, { listing_id: 1.5 }, { listing_id: null }, { listing_id: [1] }]) {
      const res = await call({ json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error).toMatch(/listing_id/);
    }
    expect((await call({ form: { listing_id: "x" } })).status).toBe(400);
    const broken = await callRoute(
      apiAction as never,
      makeRequest("/api/listing/get-listing-by-id", {
        method: "POST",
        headers: { "content-type": "application/json" },
      }),
    );
    expect(broken.status).toBe(400);
  });

  it("answers 404 for a listing that is not public, even to its seller", async () => {
    expect((await call({ json: { listing_id: deactivated.id } })).status).toBe(404);
    expect((await call({ json: { listing_id: testListing.id }, cookie: seller })).status).toBe(404);
    expect((await call({ json: { listing_id: 2_000_000_000 } })).status).toBe(404);
  });

  it("answers 405 to GET", async () => {
    const res = await callRoute(apiLoader as never, makeRequest("/api/listing/get-listing-by-id"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});
