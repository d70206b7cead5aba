import { formatPoints } from "~/lib/format";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, offerRoundSignals, offersLogs, smsOutbox, userNotifications, userSettings } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { addUserNotification, getNotificationBell } from "~/modules/notifications/user-notifications.server";
import { signOfferMailToken } from "~/modules/offers/offer-signals.token.server";
import {
  acceptOffer,
  counterOffer,
  declineOffer,
  expireOffer,
  remindOffer,
  submitOffer,
  withdrawOffer,
} from "~/modules/offers/offers.server";
import { announceListing, createSpecialRequest } from "~/modules/special-requests/special-requests.server";
import { action as apiAction } from "~/routes/api/notifications";
import { loader as pixelLoader } from "~/routes/api/offer-mail-opened";
import { loader as offerLoader } from "~/routes/profile/offer";
import { action as pageAction, loader as pageLoader } from "~/routes/profile/notifications";
import { type BuiltUser, buildListing, buildUser, FACTORY_PASSWORD, resortByCode, viewerOf } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/** A subject that names the listing by resort, points and code: "<before> Bay Lake Tower, 160 points (L-12)<after>". */
function named(before: string, l: { contractPoints: number; listingCode: string }, after: string) {
  return new RegExp(`^${before} [A-Z][^,]+, ${formatPoints(l.contractPoints)} \\(${l.listingCode}\\)${after}$`);
}

const services = await startTestServices();
const db = services.db;
const SECRET = services.config.authSecret;

const notesOf = (userId: string) =>
  db.select().from(userNotifications).where(eq(userNotifications.userId, userId)).orderBy(desc(userNotifications.id));
const mailsTo = (email: string, template?: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(template ? and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)) : eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id));
const smsTo = (to: string) => db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(desc(smsOutbox.id));
const logsOf = (offerId: number) =>
  db.select().from(offersLogs).where(eq(offersLogs.offerId, offerId)).orderBy(offersLogs.id);

let phoneSeq = 100;
/** A person with settings; `phone` turns SMS on with a fresh US number. */
async function person(
  role: "buyer" | "seller",
  settings: Partial<typeof userSettings.$inferInsert> & { phone?: boolean } = {},
) {
  const row = await buildUser(db, { role });
  const { phone, ...rest } = settings;
  const number = `+1407555${String(phoneSeq++).padStart(4, "0")}`;
  await db
    .update(userSettings)
    .set({
      buyerLowOfferValue: 95,
      buyerHighOfferValue: 500,
      ...(phone ? { smsEnabled: true, usPhoneNumber: number } : {}),
      ...rest,
    })
    .where(eq(userSettings.userId, row.id));
  return { row, viewer: viewerOf(row), number };
}

async function anOffer(
  buyerSettings: Parameters<typeof person>[1] = {},
  sellerSettings: Parameters<typeof person>[1] = {},
) {
  const seller = await person("seller", sellerSettings);
  const listing = await buildListing(db, { seller: seller.row });
  const buyer = await person("buyer", buyerSettings);
  const res = await submitOffer(services, {
    actor: buyer.viewer,
    input: { listingId: listing.id, pricePerPoint: "140", financing: "cash", deedNames: buyer.row.name },
  });
  return { seller, buyer, listing, offerId: res.offerId };
}

const pixel = (token: string) =>
  callRoute(pixelLoader as never, makeRequest(`/api/offer-mail-opened/${token}`), { token });

async function cookieOf(u: BuiltUser) {
  return sessionCookieFor(services, u.email, FACTORY_PASSWORD);
}

describe("offer events land in the in-app notifications and as text messages", () => {
  it("a new offer: the seller's notification links to the offer, a text when SMS is on, the mail has the image", async () => {
    const { seller, buyer, offerId, listing } = await anOffer({}, { phone: true });
    const [n] = await notesOf(seller.row.id);
    expect(n).toMatchObject({
      kind: "offer.submitted",
      title: expect.stringMatching(named("New offer on", listing, ": \\$140/pt")),
      href: `/v2/profile/offers/${offerId}`,
      readAt: null,
    });
    expect(n.body).toMatch(new RegExp(`^Offer #${offerId}, round 1: \\$140/pt`));
    const [text] = await smsTo(seller.number);
    expect(text).toMatchObject({ template: "offer-submitted", status: "kept" });
    expect(text.body).toMatch(
      new RegExp(`New offer on [^,]+, ${formatPoints(listing.contractPoints)} \\(${listing.listingCode}\\)`),
    );
    expect(text.body).toContain(`http://localhost:3000/v2/profile/offers/${offerId}`);
    // The buyer turned nothing on: no text, and the buyer's own notifications stay empty (they acted).
    expect(await smsTo(buyer.number)).toHaveLength(0);
    expect(await notesOf(buyer.row.id)).toHaveLength(0);
    const [mail] = await mailsTo(seller.row.email, "offer-submitted");
    const token = signOfferMailToken(SECRET, { id: offerId, round: 1 });
    expect(mail.html).toContain(`http://localhost:3000/api/offer-mail-opened/${token}.gif`);
    expect(mail.text).not.toContain("offer-mail-opened");
  });

  it("counters both ways, acceptance, the other offer's decline for another, decline, withdrawal, reminder, expiry", async () => {
    const { seller, buyer, offerId, listing } = await anOffer({ phone: true }, { phone: true });
    await counterOffer(services, { actor: seller.viewer, input: { offerId, pricePerPoint: "150" } });
    expect((await notesOf(buyer.row.id))[0]).toMatchObject({
      kind: "offer.countered",
      href: `/v2/profile/offers/${offerId}`,
    });
    expect((await smsTo(buyer.number))[0].template).toBe("offer-countered");
    // The seller's counter goes to the buyer: no tracking image there.
    expect((await mailsTo(buyer.row.email, "offer-countered"))[0].html).not.toContain("offer-mail-opened");

    await counterOffer(services, { actor: buyer.viewer, input: { offerId, pricePerPoint: "145" } });
    expect((await notesOf(seller.row.id))[0]).toMatchObject({ kind: "offer.countered" });
    const round3 = signOfferMailToken(SECRET, { id: offerId, round: 3 });
    expect((await mailsTo(seller.row.email, "offer-countered"))[0].html).toContain(round3);

    // Another buyer's open offer on the same listing is declined when this one is accepted.
    const other = await person("buyer", { phone: true });
    const otherOffer = await submitOffer(services, {
      actor: other.viewer,
      input: { listingId: listing.id, pricePerPoint: "139", financing: "cash", deedNames: other.row.name },
    });
    await acceptOffer(services, { actor: seller.viewer, input: { offerId } });
    expect((await notesOf(buyer.row.id))[0]).toMatchObject({ kind: "offer.accepted" });
    const [declined] = await notesOf(other.row.id);
    expect(declined).toMatchObject({ kind: "offer.declined", href: `/v2/profile/offers/${otherOffer.offerId}` });
    expect(declined.body).toContain("accepted another offer");
    expect((await smsTo(other.number))[0].template).toBe("offer-declined");

    // Decline and withdraw.
    const a = await anOffer({ phone: true });
    await declineOffer(services, { actor: a.seller.viewer, input: { offerId: a.offerId, reason: "Too low for us" } });
    expect((await notesOf(a.buyer.row.id))[0]).toMatchObject({ kind: "offer.declined" });
    expect((await notesOf(a.buyer.row.id))[0].body).toContain("Reason: Too low for us.");
    const b = await anOffer({}, { phone: true });
    await withdrawOffer(services, { actor: b.buyer.viewer, input: { offerId: b.offerId } });
    expect((await notesOf(b.seller.row.id))[0]).toMatchObject({ kind: "offer.withdrawn" });
    expect((await smsTo(b.seller.number))[0].template).toBe("offer-withdrawn");

    // The timers: a reminder to the side that must answer, the expiry to both.
    const c = await anOffer({ phone: true }, { phone: true });
    expect(await remindOffer(services, { offerId: c.offerId, round: 1 })).toBe(true);
    expect((await notesOf(c.seller.row.id))[0]).toMatchObject({ kind: "offer.expiring" });
    expect((await smsTo(c.seller.number))[0].template).toBe("offer-expiring");
    expect(await expireOffer(services, { offerId: c.offerId, round: 1 })).toBe(true);
    expect((await notesOf(c.seller.row.id))[0]).toMatchObject({ kind: "offer.expired" });
    expect((await notesOf(c.buyer.row.id))[0]).toMatchObject({ kind: "offer.expired" });
    expect((await smsTo(c.buyer.number))[0].template).toBe("offer-expired");
  });

  it("a person without SMS, or without a US number, gets no text", async () => {
    const { seller } = await anOffer({}, { smsEnabled: true, usPhoneNumber: null });
    expect((await notesOf(seller.row.id))[0].kind).toBe("offer.submitted");
    const noSms = await anOffer({}, { smsEnabled: false, usPhoneNumber: "+14075559999" });
    expect((await notesOf(noSms.seller.row.id))[0].kind).toBe("offer.submitted");
    expect(await smsTo("+14075559999")).toHaveLength(0);
  });
});

describe("auto_send_email: the buyer's own copy", () => {
  it("is sent for an offer and a counter the buyer made when it is on, never when it is off", async () => {
    const on = await anOffer({ autoSendEmail: true });
    const [copy] = await mailsTo(on.buyer.row.email, "offer-sent-copy");
    expect(copy.subject).toMatch(named("Your offer on", on.listing, " was sent: \\$140/pt"));
    expect(copy.html).not.toContain("offer-mail-opened");
    await counterOffer(services, { actor: on.seller.viewer, input: { offerId: on.offerId, pricePerPoint: "150" } });
    // The seller's counter is not the buyer's: no copy for it.
    expect(await mailsTo(on.buyer.row.email, "offer-sent-copy")).toHaveLength(1);
    await counterOffer(services, { actor: on.buyer.viewer, input: { offerId: on.offerId, pricePerPoint: "145" } });
    const copies = await mailsTo(on.buyer.row.email, "offer-sent-copy");
    expect(copies).toHaveLength(2);
    expect(copies[0].subject).toMatch(/^Your counter-offer on [^,]+, [\d,]+ points \(/);

    const off = await anOffer({ autoSendEmail: false });
    expect(await mailsTo(off.buyer.row.email, "offer-sent-copy")).toHaveLength(0);
    await counterOffer(services, { actor: off.seller.viewer, input: { offerId: off.offerId, pricePerPoint: "150" } });
    await counterOffer(services, { actor: off.buyer.viewer, input: { offerId: off.offerId, pricePerPoint: "145" } });
    expect(await mailsTo(off.buyer.row.email, "offer-sent-copy")).toHaveLength(0);
    // The seller's mails are not affected by the buyer's setting.
    expect(await mailsTo(off.seller.row.email, "offer-submitted")).toHaveLength(1);
  });
});

describe("the seller opened the offer mail (tracking image)", () => {
  const GIF_TYPE = "image/gif";

  it("answers the same GIF to a bad token and changes nothing", async () => {
    const { buyer, offerId } = await anOffer({ phone: true, offerEmailOpenedSms: true });
    const before = { notes: await notesOf(buyer.row.id), logs: await logsOf(offerId) };
    const good = signOfferMailToken(SECRET, { id: offerId, round: 1 });
    const forged = signOfferMailToken("another-secret-another-secret-000", { id: offerId, round: 1 });
    const bad = [
      "nonsense.gif",
      `${forged}.gif`,
      `${good.replace(/\.[^.]+$/, ".AAAAAAAAAAAAAAAAAAAAAA")}.gif`,
      `${offerId}.1.${"x".repeat(500)}.gif`,
      "99999999999.1.AAAAAAAAAAAAAAAAAAAAAA.gif",
      "%00.gif",
    ];
    for (const t of bad) {
      const res = await pixel(t);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(GIF_TYPE);
      expect(res.headers.get("cache-control")).toContain("no-store");
    }
    expect(await notesOf(buyer.row.id)).toEqual(before.notes);
    expect(await logsOf(offerId)).toEqual(before.logs);
    expect(await db.select().from(offerRoundSignals).where(eq(offerRoundSignals.offerId, offerId))).toHaveLength(0);
    expect(await smsTo(buyer.number)).toHaveLength(0);
  });

  it("tells the buyer once per round (in-app, and by text when chosen), with a note in the offers log", async () => {
    const { buyer, seller, offerId, listing } = await anOffer({ phone: true, offerEmailOpenedSms: true });
    const token = `${signOfferMailToken(SECRET, { id: offerId, round: 1 })}.gif`;
    const first = await pixel(token);
    const second = await pixel(token);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const opened = (await notesOf(buyer.row.id)).filter((n) => n.kind === "offer.mail-opened");
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ href: `/v2/profile/offers/${offerId}` });
    expect(opened[0].title).toContain(`points (${listing.listingCode})`);
    const texts = (await smsTo(buyer.number)).filter((s) => s.template === "offer-mail-opened");
    expect(texts).toHaveLength(1);
    const notes = (await logsOf(offerId)).filter((l) => l.event === "mail-opened");
    expect(notes.map((l) => l.historyNote)).toEqual([
      `The seller opened the mail about offer #${offerId} on listing ${listing.listingCode} (round 1).`,
    ]);

    // An old round's image does nothing once the offer has moved on; the new round's is heard once.
    await counterOffer(services, { actor: seller.viewer, input: { offerId, pricePerPoint: "150" } });
    await counterOffer(services, { actor: buyer.viewer, input: { offerId, pricePerPoint: "145" } });
    await pixel(token);
    expect((await notesOf(buyer.row.id)).filter((n) => n.kind === "offer.mail-opened")).toHaveLength(1);
    await pixel(`${signOfferMailToken(SECRET, { id: offerId, round: 3 })}.gif`);
    expect((await notesOf(buyer.row.id)).filter((n) => n.kind === "offer.mail-opened")).toHaveLength(2);
    expect((await logsOf(offerId)).filter((l) => l.event === "mail-opened")).toHaveLength(2);
  });

  it("follows offer_email_opened_notify and offer_email_opened_sms", async () => {
    const quiet = await anOffer({ phone: true, offerEmailOpenedNotify: false, offerEmailOpenedSms: false });
    await pixel(`${signOfferMailToken(SECRET, { id: quiet.offerId, round: 1 })}.gif`);
    expect((await notesOf(quiet.buyer.row.id)).filter((n) => n.kind === "offer.mail-opened")).toHaveLength(0);
    expect(await smsTo(quiet.buyer.number)).toHaveLength(0);
    // Recorded in the offers log all the same.
    expect((await logsOf(quiet.offerId)).filter((l) => l.event === "mail-opened")).toHaveLength(1);

    const textOnly = await anOffer({ phone: true, offerEmailOpenedNotify: false, offerEmailOpenedSms: true });
    await pixel(`${signOfferMailToken(SECRET, { id: textOnly.offerId, round: 1 })}.gif`);
    expect((await notesOf(textOnly.buyer.row.id)).filter((n) => n.kind === "offer.mail-opened")).toHaveLength(0);
    expect((await smsTo(textOnly.buyer.number)).map((s) => s.template)).toEqual(["offer-mail-opened"]);

    // The SMS toggle alone is not enough: SMS must be on with a US number.
    const noPhone = await anOffer({ offerEmailOpenedNotify: true, offerEmailOpenedSms: true });
    await pixel(`${signOfferMailToken(SECRET, { id: noPhone.offerId, round: 1 })}.gif`);
    expect((await notesOf(noPhone.buyer.row.id)).filter((n) => n.kind === "offer.mail-opened")).toHaveLength(1);
    expect(await smsTo(noPhone.buyer.number)).toHaveLength(0);
  });
});

describe("the seller viewed the offer's page", () => {
  const view = async (u: BuiltUser, offerId: number) =>
    callRoute(offerLoader as never, makeRequest(`/v2/profile/offers/${offerId}`, { cookie: await cookieOf(u) }), {
      offerId: String(offerId),
    });

  it("tells the buyer once per round; the buyer's own views count for nothing", async () => {
    const { buyer, seller, offerId } = await anOffer({ phone: true, offerViewedSms: true });
    expect((await view(buyer.row, offerId)).status).toBe(200);
    expect((await notesOf(buyer.row.id)).filter((n) => n.kind === "offer.viewed")).toHaveLength(0);
    expect((await view(seller.row, offerId)).status).toBe(200);
    expect((await view(seller.row, offerId)).status).toBe(200);
    const viewed = (await notesOf(buyer.row.id)).filter((n) => n.kind === "offer.viewed");
    expect(viewed).toHaveLength(1);
    // Named by resort and points, with the code after them (issue 27), never by the code alone.
    expect(viewed[0].title).toMatch(/^The seller viewed your offer on [A-Z][^,]+, [\d,]+ points \(VPM-[0-9A-Z]+\)$/);
    expect((await smsTo(buyer.number)).filter((s) => s.template === "offer-viewed")).toHaveLength(1);
    expect((await logsOf(offerId)).filter((l) => l.event === "viewed")).toHaveLength(1);

    // A new round is a new first view.
    await counterOffer(services, { actor: seller.viewer, input: { offerId, pricePerPoint: "150" } });
    await counterOffer(services, { actor: buyer.viewer, input: { offerId, pricePerPoint: "145" } });
    await view(seller.row, offerId);
    expect((await notesOf(buyer.row.id)).filter((n) => n.kind === "offer.viewed")).toHaveLength(2);
  });

  it("follows offer_viewed_notify and offer_viewed_sms", async () => {
    const off = await anOffer({ phone: true, offerViewedNotify: false, offerViewedSms: false });
    await view(off.seller.row, off.offerId);
    expect((await notesOf(off.buyer.row.id)).filter((n) => n.kind === "offer.viewed")).toHaveLength(0);
    expect(await smsTo(off.buyer.number)).toHaveLength(0);
    expect((await logsOf(off.offerId)).filter((l) => l.event === "viewed")).toHaveLength(1);

    const inAppOnly = await anOffer({ phone: true, offerViewedNotify: true, offerViewedSms: false });
    await view(inAppOnly.seller.row, inAppOnly.offerId);
    expect((await notesOf(inAppOnly.buyer.row.id)).filter((n) => n.kind === "offer.viewed")).toHaveLength(1);
    expect(await smsTo(inAppOnly.buyer.number)).toHaveLength(0);
  });
});

describe("special-request matches", () => {
  it("land in the buyer's notifications with a link to the listing", async () => {
    const blt = await resortByCode(db, "BLT");
    const buyer = await person("buyer");
    const seller = await person("seller");
    await createSpecialRequest(services, {
      actor: buyer.viewer,
      input: { resorts: [String(blt.id)], min_points: "150", max_points: "200", max_price_per_point: "170" },
    });
    const listing = await buildListing(db, {
      seller: seller.row,
      resortCode: "BLT",
      points: 160,
      pricePerPointCents: 16500,
      status: LISTING_STATUS.active,
    });
    await announceListing(
      { db, mailer: services.mailer, sms: services.sms, siteUrl: "http://localhost:3000" },
      { listingId: listing.id, reason: "listed" },
    );
    const [n] = await notesOf(buyer.row.id);
    expect(n).toMatchObject({ kind: "special-request.match" });
    expect(n.title).toContain(listing.listingCode);
    expect(n.href).toMatch(/^\/listing/);
  });
});

describe("the header bell (one statement on every signed-in page)", () => {
  it("shows the newest eight and counts every unread one, older ones too, of this person only", async () => {
    const carol = await person("buyer");
    const dave = await person("buyer");
    const ids: number[] = [];
    for (let i = 1; i <= 11; i++)
      ids.push(await addUserNotification(db, { userId: carol.row.id, kind: "test", title: `Note ${i}` }));
    await addUserNotification(db, { userId: dave.row.id, kind: "test", title: "Dave's" });
    // Two of the three older than the bell shows are read, and one it shows.
    await db.update(userNotifications).set({ readAt: new Date() }).where(eq(userNotifications.id, ids[0]));
    await db.update(userNotifications).set({ readAt: new Date() }).where(eq(userNotifications.id, ids[1]));
    await db.update(userNotifications).set({ readAt: new Date() }).where(eq(userNotifications.id, ids[10]));
    const bell = await getNotificationBell({ db }, { actor: carol.viewer });
    expect(bell.unread).toBe(8);
    expect(bell.items.map((n) => n.title)).toEqual([11, 10, 9, 8, 7, 6, 5, 4].map((i) => `Note ${i}`));
    const none = await person("buyer");
    expect(await getNotificationBell({ db }, { actor: none.viewer })).toEqual({ unread: 0, items: [] });
  });
});

describe("a person's notifications: their own only", () => {
  it("lists, counts, marks read (one and all) and deletes; someone else's is a 404 that changes nothing", async () => {
    const alice = await person("buyer");
    const bob = await person("buyer");
    const a1 = await addUserNotification(db, { userId: alice.row.id, kind: "test", title: "One", href: "/listings" });
    const a2 = await addUserNotification(db, { userId: alice.row.id, kind: "test", title: "Two" });
    const a3 = await addUserNotification(db, {
      userId: alice.row.id,
      kind: "test",
      title: "Three\u0007",
      href: "https://evil.example/",
    });
    await addUserNotification(db, { userId: bob.row.id, kind: "test", title: "Bob's" });
    expect(await getNotificationBell({ db }, { actor: alice.viewer })).toMatchObject({ unread: 3 });
    expect((await notesOf(alice.row.id)).find((n) => n.id === a3)).toMatchObject({ title: "Three", href: null });

    const aliceCookie = await cookieOf(alice.row);
    const bobCookie = await cookieOf(bob.row);
    const page = await callRoute(
      pageLoader as never,
      makeRequest("/v2/profile/notifications", { cookie: aliceCookie }),
    );
    expect(page.body.items.map((n: { title: string }) => n.title)).toEqual(["Three", "Two", "One"]);
    expect(page.body).toMatchObject({ unread: 3, total: 3 });

    // Bob cannot mark or delete Alice's, through the page or the bell's call.
    const bobPage = (form: Record<string, string>) =>
      callRoute(
        pageAction as never,
        makeRequest("/v2/profile/notifications", { method: "POST", form, cookie: bobCookie }),
      );
    const bobApi = (form: Record<string, string>) =>
      callRoute(apiAction as never, makeRequest("/api/notifications", { method: "POST", form, cookie: bobCookie }));
    expect((await bobPage({ intent: "read", id: String(a1) })).status).toBe(404);
    expect((await bobPage({ intent: "delete", id: String(a1) })).status).toBe(404);
    const bobCall = await bobApi({ intent: "delete", id: String(a2) });
    expect(bobCall.status).toBe(404);
    expect(bobCall.body).toMatchObject({ success: false, error: "This notification no longer exists." });
    expect((await bobApi({ intent: "read", id: String(a2) })).status).toBe(404);
    await bobApi({ intent: "read-all" });
    expect((await bobPage({ intent: "read", id: "abc" })).status).toBe(400);
    const bobsList = await callRoute(
      pageLoader as never,
      makeRequest("/v2/profile/notifications", { cookie: bobCookie }),
    );
    expect(bobsList.body.items.map((n: { title: string }) => n.title)).toEqual(["Bob's"]);
    expect((await notesOf(alice.row.id)).every((n) => n.readAt === null)).toBe(true);
    expect(await notesOf(alice.row.id)).toHaveLength(3);
    // Nobody signed in: the call is refused.
    const anon = await callRoute(
      apiAction as never,
      makeRequest("/api/notifications", { method: "POST", form: { intent: "read-all" } }),
    );
    expect(anon.status).toBe(401);

    // Alice, without JavaScript: plain form posts, a 303 back to the page with a toast.
    const alicePage = (form: Record<string, string>) =>
      callRoute(
        pageAction as never,
        makeRequest("/v2/profile/notifications", { method: "POST", form, cookie: aliceCookie }),
      );
    const read = await alicePage({ intent: "read", id: String(a1) });
    expect(read.status).toBe(303);
    expect(read.location).toBe("/v2/profile/notifications");
    expect((await notesOf(alice.row.id)).find((n) => n.id === a1)?.readAt).not.toBeNull();
    expect((await alicePage({ intent: "delete", id: String(a2) })).status).toBe(303);
    expect((await notesOf(alice.row.id)).map((n) => n.id)).toEqual([a3, a1]);
    expect((await alicePage({ intent: "read-all" })).status).toBe(303);
    expect(await getNotificationBell({ db }, { actor: alice.viewer })).toMatchObject({ unread: 0 });
    // And the bell's call answers JSON.
    const del = await callRoute(
      apiAction as never,
      makeRequest("/api/notifications", {
        method: "POST",
        form: { intent: "delete", id: String(a3) },
        cookie: aliceCookie,
      }),
    );
    expect(del).toMatchObject({ status: 200, body: { success: true, deleted: a3 } });
  });
});
