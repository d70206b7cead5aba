import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, mailOutbox, resorts } from "~/db/schema";
import { formatNumber, formatPerPoint, formatPrice } from "~/lib/format";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "~/lib/request.server";
import { SHARE_DEFAULT_MESSAGE, SHARE_MESSAGES } from "~/modules/listings/share";
import { action, loader } from "~/routes/api/share-this-listing";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const { db } = services;

const activeListings = await db
  .select({
    id: listings.id,
    source: listings.source,
    code: listings.listingCode,
    points: listings.contractPoints,
    ppp: listings.pricePerPointCents,
    resortName: resorts.name,
  })
  .from(listings)
  .innerJoin(resorts, eq(resorts.id, listings.resortId))
  .where(and(eq(listings.listingStatusId, 3), eq(listings.isTest, false)))
  .orderBy(listings.id);
const memberListing = activeListings.find((l) => l.source === "member")!;
const brokerListing = activeListings.find((l) => l.source === "broker")!;
const [inactive] = await db.select({ id: listings.id }).from(listings).where(ne(listings.listingStatusId, 3)).limit(1);

let addressCounter = 0;
/** Each test shares from its own address unless it asks for one, so the rate limit only bites where meant. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

function share(
  body: Record<string, unknown>,
  opts: { address?: string; headers?: Record<string, string>; form?: boolean } = {},
) {
  const headers = { [CLIENT_ADDRESS_HEADER]: opts.address ?? freshAddress(), ...opts.headers };
  const request = opts.form
    ? makeRequest("/api/share-this-listing", { form: body as Record<string, string>, headers })
    : makeRequest("/api/share-this-listing", { json: body, headers });
  // makeRequest always sends this site's Origin; a test may send another.
  if (opts.headers?.origin) request.headers.set("origin", opts.headers.origin);
  return callRoute(action as never, request);
}

const valid = (over: Record<string, unknown> = {}) => ({
  name: "Alex Rivera",
  email: "friend@example.org",
  listing_url: `http://localhost:3000/listing-info/${memberListing.id}`,
  message: SHARE_DEFAULT_MESSAGE,
  ...over,
});

const outboxTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("POST /api/share-this-listing", () => {
  it("mails the friend once, with the database's price (not the payload's) and the message escaped", async () => {
    const res = await share(
      valid({
        email: "Pal@Example.org",
        message: `Look at this <script>alert("x")</script> & tell me`,
        price: 1,
        price_per_point: 1,
        total: "$1",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SHARE_MESSAGES.success });

    const rows = await outboxTo("pal@example.org");
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail.status).toBe("kept");
    expect(mail.template).toBe("share-listing");
    expect(mail.subject).toBe(`Alex Rivera shared a ${memberListing.resortName} resale listing with you`);
    const ppp = formatPerPoint(memberListing.ppp);
    const total = formatPrice(memberListing.points * memberListing.ppp);
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(memberListing.resortName);
      expect(body).toContain(memberListing.code);
      expect(body).toContain(formatNumber(memberListing.points));
      expect(body).toContain(ppp);
      expect(body).toContain(total);
      expect(body).toContain(`http://localhost:3000/listing-info/${memberListing.id}`);
      expect(body).not.toContain("$1.00");
    }
    expect(mail.html).toContain("Look at this &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; tell me"); // escaped by the template engine
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain(`Look at this <script>alert("x")</script> & tell me`);
  });

  it("accepts a form-encoded body, a relative path and a broker listing page", async () => {
    const res = await share(
      valid({ email: "broker-friend@example.org", listing_url: `/broker-listings/${brokerListing.id}` }),
      { form: true },
    );
    expect(res.status).toBe(200);
    const [mail] = await outboxTo("broker-friend@example.org");
    expect(mail.html).toContain(`http://localhost:3000/broker-listings/${brokerListing.id}`);
  });

  it("answers 400 'All fields are required' with a message for each missing field, and mails nothing", async () => {
    const before = (await db.select().from(mailOutbox)).length;
    const cases: [string, string][] = [
      ["name", SHARE_MESSAGES.nameRequired],
      ["email", SHARE_MESSAGES.emailRequired],
      ["listing_url", SHARE_MESSAGES.listingUrlRequired],
      ["message", SHARE_MESSAGES.messageRequired],
    ];
    for (const [field, message] of cases) {
      const missing = await share(valid({ [field]: undefined }));
      expect(missing.status, field).toBe(400);
      expect(missing.body.success).toBe(false);
      expect(missing.body.error).toBe("All fields are required");
      expect(missing.body.fields[field]).toEqual([message]);
      const blank = await share(valid({ [field]: "   " }));
      expect(blank.status, field).toBe(400);
      expect(blank.body.error).toBe("All fields are required");
      expect(blank.body.fields[field]).toEqual([message]);
    }
    const empty = await share({});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields).sort()).toEqual(["email", "listing_url", "message", "name"]);
    expect((await db.select().from(mailOutbox)).length).toBe(before);
  });

  it("refuses a badly formed email, over-long fields and a name with a line break", async () => {
    for (const email of ["friend", "friend@example", "a b@example.org", "@example.org"]) {
      const res = await share(valid({ email }));
      expect(res.status, email).toBe(400);
      expect(res.body.error).toBe("Email address is invalid, enter correct email.");
      expect(res.body.fields.email).toEqual(["Email address is invalid, enter correct email."]);
    }
    const longName = await share(valid({ name: "x".repeat(101) }));
    expect(longName.status).toBe(400);
    expect(longName.body.fields.name).toEqual([SHARE_MESSAGES.nameTooLong]);
    const longMessage = await share(valid({ message: "x".repeat(2001) }));
    expect(longMessage.status).toBe(400);
    expect(longMessage.body.fields.message).toEqual([SHARE_MESSAGES.messageTooLong]);
    const header = await share(valid({ name: "Alex\r\nBcc: victim@example.org" }));
    expect(header.status).toBe(400);
    expect(header.body.fields.name).toEqual([SHARE_MESSAGES.nameControl]);
    const notText = await share(valid({ name: 42 }));
    expect(notText.status).toBe(400);
  });

  it("refuses a listing_url that is not a listing page of this site", async () => {
    const id = memberListing.id;
    const foreign = [
      `https://evil.example/listing-info/${id}`,
      `//evil.example/listing-info/${id}`,
      `http://localhost:3001/listing-info/${id}`,
      "javascript:alert(1)",
      `/listings?id=${id}`,
      `/listing-info/${id}/edit`,
      "/listing-info/abc",
      "/listing-info/99999999999",
      "/listing-info/0",
    ];
    for (const listing_url of foreign) {
      const res = await share(valid({ listing_url }));
      expect(res.status, listing_url).toBe(400);
      expect(res.body.error).toBe("Only a listing page of this site can be shared.");
      expect(res.body.fields.listing_url).toBeDefined();
    }
  });

  it("answers 404 for an unknown, inactive or test listing, and for a member listing under /broker-listings", async () => {
    const [testListing] = await db
      .update(listings)
      .set({ isTest: true })
      .where(eq(listings.id, activeListings[activeListings.length - 1].id))
      .returning({ id: listings.id });
    const urls = [
      "/listing-info/2147483647",
      `/listing-info/${inactive.id}`,
      `/listing-info/${testListing.id}`,
      `/broker-listings/${memberListing.id}`,
    ];
    for (const listing_url of urls) {
      const res = await share(valid({ listing_url }));
      expect(res.status, listing_url).toBe(404);
      expect(res.body.error).toBe("This listing is no longer for sale, so it cannot be shared.");
    }
  });

  it("allows 5 shares per visitor an hour; the 6th answers 429 and sends nothing", async () => {
    const address = "198.51.100.7";
    for (let i = 1; i <= 5; i++) {
      const res = await share(valid({ email: `limit${i}@example.org` }), { address });
      expect(res.status, `share ${i}`).toBe(200);
    }
    const sixth = await share(valid({ email: "limit6@example.org" }), { address });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/^Too many shares: try again in (60|59) minutes\.$/);
    expect(await outboxTo("limit6@example.org")).toHaveLength(0);
    // A forged X-Forwarded-For does not open a new allowance.
    const forged = await share(valid({ email: "limit7@example.org" }), {
      address,
      headers: { "x-forwarded-for": "192.0.2.99" },
    });
    expect(forged.status).toBe(429);
    // Another visitor is not affected.
    expect((await share(valid({ email: "other@example.org" }))).status).toBe(200);
  });

  it("refuses a cross-site request with 403 and sends nothing", async () => {
    const res = await share(valid({ email: "csrf@example.org" }), { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    const fetchSite = makeRequest("/api/share-this-listing", {
      json: valid({ email: "csrf@example.org" }),
      headers: { [CLIENT_ADDRESS_HEADER]: freshAddress() },
    });
    fetchSite.headers.delete("origin");
    fetchSite.headers.set("sec-fetch-site", "cross-site");
    expect((await callRoute(action as never, fetchSite)).status).toBe(403);
    expect(await outboxTo("csrf@example.org")).toHaveLength(0);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const request = new Request("http://localhost:3000/api/share-this-listing", {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/json" },
      body: "{not json",
    });
    const res = await callRoute(action as never, request);
    expect(res.status).toBe(400);
  });

  it("answers 405 to GET", async () => {
    const res = await callRoute(loader as never, makeRequest("/api/share-this-listing"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("clientAddress", () => {
  const withAddress = (value?: string) =>
    new Request("http://localhost/", {
      headers: value === undefined ? {} : { [CLIENT_ADDRESS_HEADER]: value, "x-forwarded-for": "10.9.9.9" },
    });
  it("reads the header server.ts sets, never X-Forwarded-For", () => {
    expect(clientAddress(withAddress("192.0.2.5"))).toBe("192.0.2.5");
    expect(clientAddress(withAddress("::ffff:192.0.2.5"))).toBe("192.0.2.5");
    expect(clientAddress(withAddress())).toBe("unknown");
  });
  it("groups an IPv6 address by its /64", () => {
    expect(clientAddress(withAddress("2001:db8:0:1:aaaa::1"))).toBe("2001:db8:0:1::/64");
    expect(clientAddress(withAddress("2001:db8:0:1:bbbb:cccc:dddd:eeee"))).toBe("2001:db8:0:1::/64");
    expect(clientAddress(withAddress("2001:db8::1"))).toBe("2001:db8:0:0::/64");
  });
});
