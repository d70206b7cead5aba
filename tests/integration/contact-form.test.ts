import { count, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, mailOutbox, user } from "~/db/schema";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { CLIENT_ADDRESS_HEADER } from "~/lib/request.server";
import { CONTACT_FORM_MESSAGES, CONTACT_FORM_RATE, CONTACT_MESSAGES } from "~/modules/contact/contact.schema";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { loader as engineViewLoader } from "~/routes/admin/resource/view";
import { action as apiAction, loader as apiLoader } from "~/routes/api/contact";
import { action as pageAction, loader as pageLoader } from "~/routes/public/content-page";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 32: the general contact form on /contact-us (the `contact-form` embed). It posts to its page: a message is
 * kept for /admin/contact-messages, mailed to the site's address and leads to the thank-you page; bad input is a
 * 400 with each field's message and what was typed; a sender past the hourly allowance gets 429. api/contact
 * (contact.store) is the same as a call.
 */
const services = await startTestServices();
const { db } = services;
const siteEmail = (await getSiteInfo(db)).email;
const buyer = await sessionCookieFor(services, "buyer@example.com");
const [{ id: buyerId }] = await db.select({ id: user.id }).from(user).where(eq(user.email, "buyer@example.com"));

const good = {
  topic: "selling",
  name: "Robin Seller",
  email: "Robin.Seller@Example.net",
  phone: "",
  message: "We own 150 points at Bay Lake Tower. What could they fetch this year?",
};

let ipCounter = 1;
type PostOptions = { ip?: string; cookie?: string; path?: string; json?: boolean };
const request = (values: Record<string, string>, opts: PostOptions = {}) =>
  makeRequest(opts.path ?? "/contact-us", {
    ...(opts.json ? { json: values } : { form: values }),
    cookie: opts.cookie,
    // A call asks for JSON; a form is posted as a browser without JavaScript posts it.
    headers: {
      [CLIENT_ADDRESS_HEADER]: opts.ip ?? `203.0.113.${ipCounter++}`,
      accept: opts.json ? "application/json" : "text/html",
    },
  });
const send = (values: Record<string, string>, opts: PostOptions = {}) =>
  callRoute(pageAction as never, request(values, opts));
const call = (values: Record<string, string>, opts: PostOptions = {}) =>
  callRoute(apiAction as never, request(values, { path: "/api/contact", json: true, ...opts }));

const messages = async () => Number((await db.select({ n: count() }).from(contactMessages))[0].n);
const mails = async () => Number((await db.select({ n: count() }).from(mailOutbox))[0].n);
const messageWithMail = async (subject: string) => {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.subject, subject))
    .orderBy(desc(contactMessages.id))
    .limit(1);
  const [mail] = row.mailId ? await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.mailId)) : [];
  return { row, mail };
};

describe("the contact form on /contact-us", () => {
  it("is placed on the contact page with its topics", async () => {
    const res = await callRoute(pageLoader as never, makeRequest("/contact-us"));
    expect(res.status).toBe(200);
    expect(res.body.page.embeds["contact-form"].topics.map((t: { label: string }) => t.label)).toEqual([
      "Buying",
      "Selling",
      "A sale in progress",
      "Rentals",
      "Something else",
    ]);
  });

  it("answers 400 with each field's message and what was typed, and keeps and mails nothing", async () => {
    const before = { messages: await messages(), mails: await mails() };
    const empty = await send({ topic: "", name: "", email: "", phone: "", message: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({
      topic: [CONTACT_FORM_MESSAGES.topicRequired],
      name: [CONTACT_MESSAGES.nameRequired],
      email: ["Email address is invalid, enter correct email."],
      message: [CONTACT_FORM_MESSAGES.messageTooShort],
    });
    expect(empty.body.fields.phone).toBeUndefined();

    const cases: [Record<string, string>, string, string][] = [
      [{ topic: "gossip" }, "topic", CONTACT_FORM_MESSAGES.topicRequired],
      [{ phone: "12345" }, "phone", CONTACT_MESSAGES.phoneInvalid],
      [{ message: "Hi" }, "message", CONTACT_FORM_MESSAGES.messageTooShort],
      [{ message: "x".repeat(2001) }, "message", CONTACT_FORM_MESSAGES.messageTooLong],
      [{ email: "robin@" }, "email", "Email address is invalid, enter correct email."],
    ];
    for (const [change, field, message] of cases) {
      const res = await send({ ...good, ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.fields[field], field).toEqual([message]);
      // Without JavaScript the page comes back with what was typed in each field.
      expect(res.body.values, field).toMatchObject({ ...good, ...change });
    }
    expect(await messages()).toBe(before.messages);
    expect(await mails()).toBe(before.mails);
  });

  it("keeps a good message with no listing, mails it to the site's address with the topic, and leads to /thank-you", async () => {
    const res = await send(good);
    expect(res.status).toBe(303);
    expect(res.location).toBe("/thank-you");
    const { row, mail } = await messageWithMail("Contact form: Selling");
    expect(row).toMatchObject({
      name: "Robin Seller",
      email: "robin.seller@example.net",
      phone: null,
      listingId: null,
      userId: null,
      message: good.message,
    });
    expect(siteEmail).toBeTruthy();
    expect(mail.to).toBe(siteEmail);
    expect(mail.template).toBe("contact-form");
    expect(mail.subject).toContain("Selling");
    expect(mail.text).toContain("about: Selling");
    expect(mail.text).toContain(good.message);
    expect(mail.text).toContain("robin.seller@example.net");
  });

  it("takes the browser's JavaScript submission (<path>.data) and records a signed-in sender", async () => {
    const res = await send(
      { ...good, topic: "sale-in-progress", phone: "(407) 555-0188" },
      { path: "/contact-us.data", cookie: buyer },
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe("/thank-you");
    // The browser then asks for the thank-you page's data as `<path>.data`: the page, not the not-found page.
    const next = await callRoute(pageLoader as never, makeRequest("/thank-you.data?_routes=not-found"));
    expect(next.status).toBe(200);
    expect(next.body.page.heading).toBe("Thank you");
    const { row, mail } = await messageWithMail("Contact form: A sale in progress");
    expect(row).toMatchObject({ userId: buyerId, phone: "(407) 555-0188", listingId: null });
    expect(mail.text).toContain("Signed in: yes (buyer@example.com)");
  });

  it("is refused with 405 on a page that does not place the form, and nothing is kept", async () => {
    const before = await messages();
    for (const path of ["/about-us", "/no-such-page"]) {
      const res = await send(good, { path });
      expect(res.status, path).toBe(405);
    }
    expect(await messages()).toBe(before);
  });

  it("allows 5 messages an hour from one address, then answers 429, on its own counter", async () => {
    const ip = "198.51.100.40";
    // The listing questions' allowance spent from this address does not stop the contact form.
    for (let n = 0; n < 6; n++) await hitRateLimit(db, `listing-question:${ip}`, 5, 3600);
    for (let n = 0; n < CONTACT_FORM_RATE.limit; n++) expect((await send(good, { ip })).status).toBe(303);
    const before = await messages();
    const res = await send(good, { ip });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe(CONTACT_FORM_MESSAGES.rateLimited);
    const viaCall = await call(good, { ip });
    expect(viaCall.status).toBe(429);
    expect(viaCall.body).toMatchObject({ success: false, error: CONTACT_FORM_MESSAGES.rateLimited });
    expect(await messages()).toBe(before);
    expect((await send(good, { ip: "198.51.100.41" })).status).toBe(303);
  });
});

describe("contact.store (POST /api/contact)", () => {
  it("answers a call with JSON: 200 once sent, 400 with each field's message", async () => {
    const ok = await call({ ...good, topic: "rentals" });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: CONTACT_FORM_MESSAGES.sent });
    const { row } = await messageWithMail("Contact form: Rentals");
    expect(row.listingId).toBeNull();

    const before = await messages();
    const bad = await call({ ...good, topic: "", message: "Hi" });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.fields).toMatchObject({
      topic: [CONTACT_FORM_MESSAGES.topicRequired],
      message: [CONTACT_FORM_MESSAGES.messageTooShort],
    });
    expect(await messages()).toBe(before);
    expect((await callRoute(apiLoader as never, makeRequest("/api/contact"))).status).toBe(405);
  });

  it("sends a plain form post to /thank-you once sent, and back to the contact page when refused", async () => {
    const sent = await call({ ...good, topic: "buying" }, { json: false });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/thank-you");
    const refused = await call({ ...good, topic: "" }, { json: false });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe("/contact-us");
  });
});

describe("the admin's contact messages", () => {
  it("show a contact-form message as about no listing", async () => {
    const admin = await sessionCookieFor(services, "admin@example.com");
    await send({ ...good, topic: "other" });
    const { row } = await messageWithMail("Contact form: Something else");
    const id = String(row.id);
    const open = await callRoute(
      ((args: { request: Request; params: Record<string, string> }) =>
        (engineViewLoader as (a: unknown) => unknown)({
          ...args,
          pattern: "/admin/contact-messages/:id",
          url: new URL(args.request.url),
        })) as never,
      makeRequest(`/admin/contact-messages/${id}`, { cookie: admin }),
      { id },
    );
    expect(open.status).toBe(200);
    const items = Object.fromEntries(
      (open.body.items as { label: string; value: unknown }[]).map((i) => [i.label, i.value]),
    );
    expect(items).toMatchObject({ Listing: "Not about a listing", Message: good.message });
  });
});
