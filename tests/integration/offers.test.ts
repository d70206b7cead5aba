import { formatPoints } from "~/lib/format";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import {
  activityJournal,
  agreements,
  listings,
  mailOutbox,
  offerRounds,
  offers,
  offersLogs,
  user,
  userSettings,
} from "~/db/schema";
import { isAppError } from "~/lib/errors";
import {
  changeListingStatus,
  getListingForEdit,
  listMyInventory,
  updateListing,
} from "~/modules/listings/inventory.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { parseResaleSearch } from "~/modules/listings/search.schema";
import { searchListings } from "~/modules/listings/search.server";
import { explainScore, recomputeScores } from "~/modules/listings/score.server";
import { OFFERS_QUEUES } from "~/modules/offers/offers-queues";
import { appraisalPerPointCents } from "~/modules/offers/offers.rules";
import {
  acceptOffer,
  counterOffer,
  declineOffer,
  deleteOffersLogsAdmin,
  getOfferForViewer,
  listBuyerOffers,
  listOffersAdmin,
  listOffersLogsAdmin,
  listSellerOffers,
  OFFER_LIMIT_MESSAGES,
  OFFERS_PER_HOUR,
  OFFERS_PER_LISTING_PER_HOUR,
  submitOffer,
  withdrawOffer,
} from "~/modules/offers/offers.server";
import { buildBroker, buildListing, buildOffer, buildUser, type BuiltUser, viewerOf } from "../factories";
import { makeDue, workQueued } from "../fixtures/jobs";
import { startTestServices } from "../fixtures/services";

/** A subject that names the listing by resort, points and code: "<before> Bay Lake Tower, 160 points (L-12)<after>". */
function named(before: string, l: { contractPoints: number; listingCode: string }, after: string) {
  return new RegExp(`^${before} [A-Z][^,]+, ${formatPoints(l.contractPoints)} \\(${l.listingCode}\\)${after}$`);
}

const services = await startTestServices();
const db = services.db;

const adminRow = await buildUser(db, { role: "admin", staffRole: "admin", name: "Alex Admin" });
const admin = viewerOf(adminRow);

/** A seller with an active listing of their own. */
async function aSellerListing(over: Parameters<typeof buildListing>[1] = {}) {
  const sellerRow = await buildUser(db, { role: "seller" });
  const listing = await buildListing(db, { seller: sellerRow, ...over });
  return { sellerRow, seller: viewerOf(sellerRow), listing };
}

/**
 * A buyer whose low-offer band is wide (the demo market decides the appraisal value, so ordinary tests stay clear of
 * the low and high checks; the tests about them set the limits themselves).
 */
async function aBuyer(
  over: Partial<typeof userSettings.$inferInsert> = {},
  user: Parameters<typeof buildUser>[1] = {},
) {
  const row = await buildUser(db, { role: "buyer", ...user });
  await db
    .update(userSettings)
    .set({ buyerLowOfferValue: 95, buyerHighOfferValue: 500, ...over })
    .where(eq(userSettings.userId, row.id));
  return { row, viewer: viewerOf(row) };
}

const offerInput = (listingId: number, over: Record<string, unknown> = {}) => ({
  listingId,
  pricePerPoint: "$140.00",
  financing: "cash",
  deedNames: "Pat Buyer\nSam Buyer",
  message: "We love this resort.",
  ...over,
});

async function outcome(p: Promise<unknown>) {
  try {
    await p;
    return "applied";
  } catch (err) {
    if (isAppError(err)) return `${err.code}: ${err.message}`;
    throw err;
  }
}

const offerRow = async (id: number) => (await db.select().from(offers).where(eq(offers.id, id)))[0];
const logsOf = (id: number) => db.select().from(offersLogs).where(eq(offersLogs.offerId, id)).orderBy(offersLogs.id);
const mailsTo = (email: string, template?: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(template ? and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)) : eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id));

async function submit(buyer: Viewer, listingId: number, over: Record<string, unknown> = {}) {
  return submitOffer(services, { actor: buyer, input: offerInput(listingId, over) });
}

describe("submitting an offer", () => {
  it("records the offer, its first round, the log row and journal entry, mails the seller and sets both timers", async () => {
    const { sellerRow, listing } = await aSellerListing();
    const { row: buyerRow, viewer: buyer } = await aBuyer();
    const res = await submit(buyer, listing.id, { pricePerPoint: "125.50" });
    const o = await offerRow(res.offerId);
    expect(o).toMatchObject({
      status: "submitted",
      round: 1,
      buyerId: buyerRow.id,
      sellerId: sellerRow.id,
      points: listing.contractPoints,
      pricePerPointCents: 12550,
      totalCents: 12550 * listing.contractPoints,
      // The "who pays" tweaks' defaults: the buyer, by custom.
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      deedNames: ["Pat Buyer", "Sam Buyer"],
      askingPricePerPointCents: listing.pricePerPointCents,
    });
    // 48 hours by default.
    expect(o.expiresAt.getTime() - o.createdAt.getTime()).toBe(48 * 3_600_000);
    const rounds = await db.select().from(offerRounds).where(eq(offerRounds.offerId, o.id));
    expect(rounds).toMatchObject([{ round: 1, proposedBy: "buyer", actorId: buyerRow.id, pricePerPointCents: 12550 }]);
    const logs = await logsOf(o.id);
    expect(logs.map((l) => [l.event, l.userId, l.historyNote])).toEqual([
      [
        "submitted",
        buyerRow.id,
        `The buyer made offer #${o.id} on listing ${listing.listingCode} at $125.50/pt ($${(125.5 * listing.contractPoints).toLocaleString("en-US")}).`,
      ],
    ]);
    const journal = await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.kind, "offer.event"), eq(activityJournal.userId, buyerRow.id)));
    expect(journal.map((j) => j.summary)).toEqual([logs[0].historyNote]);
    const [mail] = await mailsTo(sellerRow.email, "offer-submitted");
    // Named as a person names it: the resort, the points and the code (issue 27).
    expect(mail.subject).toMatch(named("New offer on", listing, ": \\$125\\.50/pt"));
    expect(mail.text).toContain("Pat Buyer, Sam Buyer");
    expect(mail.text).toContain("We love this resort.");
    const timers = await Promise.all(
      [OFFERS_QUEUES.expire, OFFERS_QUEUES.remind].map((q) =>
        services.jobs.boss.findJobs(q, { data: { offerId: o.id, round: 1 } }),
      ),
    );
    expect(timers.map((t) => t.length)).toEqual([1, 1]);
  });

  it("parses prices as typed and refuses bad input with field messages", async () => {
    const { listing } = await aSellerListing();
    const { viewer: buyer } = await aBuyer();
    expect(await outcome(submit(buyer, listing.id, { pricePerPoint: "abc" }))).toBe(
      "BAD_INPUT: Enter your price per point in dollars, like 1250 or 1,250.00.",
    );
    expect(await outcome(submit(buyer, listing.id, { pricePerPoint: "$1,500" }))).toBe(
      "BAD_INPUT: Enter your price per point between $0.01 and $1,000.",
    );
    expect(await outcome(submit(buyer, listing.id, { deedNames: "  " }))).toBe(
      "BAD_INPUT: Enter the names to go on the deed.",
    );
    expect(await outcome(submit(buyer, listing.id, { financing: "barter" }))).toBe(
      "BAD_INPUT: Choose how you will pay: cash or a loan.",
    );
    expect(await outcome(submit(buyer, listing.id, { duesPaidBy: "nobody" }))).toBe(
      "BAD_INPUT: Choose who pays the current year's dues: the buyer, the seller, or split evenly.",
    );
    expect(await db.select().from(offers).where(eq(offers.listingId, listing.id))).toEqual([]);
  });

  it("refuses an offer on your own listing, on a listing that is not active, and from an unverified email", async () => {
    const { seller, listing } = await aSellerListing();
    // Offers come from buyers (the make-offer page's own rule, in the service too since issue 28).
    expect(await outcome(submit(seller, listing.id))).toMatch(/^FORBIDDEN: Only buyers make offers/);
    const { row: ownerRow, viewer: owner } = await aBuyer();
    const owned = await buildListing(db, { seller: ownerRow });
    expect(await outcome(submit(owner, owned.id))).toBe("FORBIDDEN: You cannot make an offer on your own listing.");
    const { listing: off } = await aSellerListing({ status: LISTING_STATUS.deactivated });
    const { viewer: buyer } = await aBuyer();
    expect(await outcome(submit(buyer, off.id))).toBe(
      `CONFLICT: Listing ${off.listingCode} is not for sale right now, so it takes no offers.`,
    );
    const { listing: pending } = await aSellerListing({ status: LISTING_STATUS.pending });
    expect(await outcome(submit(buyer, pending.id))).toMatch(/^CONFLICT: .* is not for sale right now/);
    const { viewer: unverified } = await aBuyer({}, { emailVerified: false });
    expect(await outcome(submit(unverified, listing.id))).toBe(
      "FORBIDDEN: Please verify your email address before making an offer.",
    );
    expect(await outcome(submit(buyer, 99_999_999))).toBe("NOT_FOUND: This listing does not exist.");
    expect(await db.select().from(offers).where(eq(offers.listingId, listing.id))).toEqual([]);
  });

  it("allows at most no_of_allowed_offers open offers per buyer, and one open offer per listing", async () => {
    const { viewer: buyer } = await aBuyer({ noOfAllowedOffers: 2 });
    const a = await aSellerListing();
    const b = await aSellerListing();
    const c = await aSellerListing();
    await submit(buyer, a.listing.id);
    expect(await outcome(submit(buyer, a.listing.id))).toMatch(/^CONFLICT: You already have an open offer on listing/);
    const second = await submit(buyer, b.listing.id);
    expect(await outcome(submit(buyer, c.listing.id))).toBe(
      "FORBIDDEN: You already have 2 open offers, the most allowed at once. Wait for an answer or withdraw one first.",
    );
    // A closed offer no longer counts.
    await withdrawOffer(services, { actor: buyer, input: { offerId: second.offerId } });
    expect(await outcome(submit(buyer, c.listing.id))).toBe("applied");
  });
});

describe("low and high offers against the appraisal value", () => {
  // The appraisal value is the comparable-listings value the score computes (demo market plus these listings).
  const setup = async () => {
    const { listing } = await aSellerListing({ resortCode: "VGF", pricePerPointCents: 20000 });
    // The listing workflow queues this after a listing goes live; the factory leaves it to the test.
    await recomputeScores(db);
    const x = await explainScore(db, listing.id);
    const appraisal = x ? appraisalPerPointCents(x) : null;
    if (appraisal === null) throw new Error("expected an appraisal value for the VGF listing");
    // The stored appraisal (the one offers are checked against) is the explanation's.
    const [stored] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(stored.appraisalPerPointCents).toBe(appraisal);
    return { listing, appraisal };
  };
  const dollars = (cents: number) => (Math.round(cents) / 100).toFixed(2);

  it("asks to confirm an offer more than buyer_low_offer_value percent below it, and takes it once confirmed", async () => {
    const { listing, appraisal } = await setup();
    const { viewer: buyer } = await aBuyer({ buyerLowOfferValue: 20, buyerLowOfferEnabled: false });
    const low = dollars(appraisal * 0.7);
    const err = await submit(buyer, listing.id, { pricePerPoint: low }).catch((e) => e);
    expect(isAppError(err) && err.code).toBe("NEEDS_CONFIRMATION");
    expect(err.status).toBe(422);
    expect(err.message).toMatch(/below this contract's appraisal value of .*raise your offer, or confirm/);
    expect(err.fields).toHaveProperty("confirmLow");
    expect(await db.select().from(offers).where(eq(offers.listingId, listing.id))).toEqual([]);
    const ok = await submit(buyer, listing.id, { pricePerPoint: low, confirmLow: true });
    expect((await offerRow(ok.offerId)).lowOfferConfirmed).toBe(true);
    // Within the band: no question asked.
    const { viewer: other } = await aBuyer({ buyerLowOfferValue: 20 });
    expect(await outcome(submit(other, listing.id, { pricePerPoint: dollars(appraisal * 0.9) }))).toBe("applied");
  });

  it("refuses a low offer outright while the low-offer limit is enabled, even confirmed", async () => {
    const { listing, appraisal } = await setup();
    const { viewer: buyer } = await aBuyer({ buyerLowOfferValue: 20, buyerLowOfferEnabled: true });
    expect(
      await outcome(submit(buyer, listing.id, { pricePerPoint: dollars(appraisal * 0.7), confirmLow: true })),
    ).toMatch(/^BAD_INPUT: Your offer is .*% below .* offers more than 20% below it are not accepted/);
  });

  it("refuses an offer more than buyer_high_offer_value percent above it while the high limit is enabled", async () => {
    const { listing, appraisal } = await setup();
    const high = dollars(appraisal * 1.4);
    const { viewer: limited } = await aBuyer({ buyerHighOfferValue: 20, buyerHighOfferEnabled: true });
    expect(await outcome(submit(limited, listing.id, { pricePerPoint: high }))).toMatch(
      /^BAD_INPUT: Your offer is .*% above .* offers more than 20% above it are not accepted/,
    );
    const { viewer: free } = await aBuyer({ buyerHighOfferValue: 20, buyerHighOfferEnabled: false });
    expect(await outcome(submit(free, listing.id, { pricePerPoint: high }))).toBe("applied");
  });
});

describe("answering an offer", () => {
  it("keeps every counter as a round (who proposed what, when) and creates the agreement from the accepted terms", async () => {
    const { sellerRow, seller, listing } = await aSellerListing();
    const { row: buyerRow, viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    const c1 = await counterOffer(services, {
      actor: seller,
      input: { offerId, pricePerPoint: "148", duesPaidBy: "split", message: "Meet me nearer my price." },
    });
    expect(c1).toMatchObject({ status: "countered_by_seller", round: 2 });
    expect((await mailsTo(buyerRow.email, "offer-countered"))[0].text).toContain("Meet me nearer my price.");
    // Not the seller's turn any more.
    expect(await outcome(counterOffer(services, { actor: seller, input: { offerId, pricePerPoint: "147" } }))).toBe(
      "FORBIDDEN: It is the buyer's turn to answer this counter-offer.",
    );
    const c2 = await counterOffer(services, { actor: buyer, input: { offerId, pricePerPoint: "$144.50" } });
    expect(c2).toMatchObject({ status: "countered_by_buyer", round: 3 });
    const accepted = await acceptOffer(services, { actor: seller, input: { offerId } });
    const rounds = await db
      .select()
      .from(offerRounds)
      .where(eq(offerRounds.offerId, offerId))
      .orderBy(offerRounds.round);
    expect(rounds.map((r) => [r.round, r.proposedBy, r.actorId, r.pricePerPointCents, r.duesPaidBy])).toEqual([
      [1, "buyer", buyerRow.id, 14000, "buyer"],
      [2, "seller", sellerRow.id, 14800, "split"],
      [3, "buyer", buyerRow.id, 14450, "split"],
    ]);
    const [agreement] = await db.select().from(agreements).where(eq(agreements.offerId, offerId));
    expect(agreement).toMatchObject({
      id: accepted.agreementId,
      listingId: listing.id,
      buyerId: buyerRow.id,
      sellerId: sellerRow.id,
      resortId: listing.resortId,
      useMonth: listing.useMonth,
      points: listing.contractPoints,
      pricePerPointCents: 14450,
      totalCents: 14450 * listing.contractPoints,
      duesPaidBy: "split",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      deedNames: ["Pat Buyer", "Sam Buyer"],
    });
    expect((await logsOf(offerId)).map((l) => l.event)).toEqual(["submitted", "countered", "countered", "accepted"]);
    expect((await mailsTo(buyerRow.email, "offer-accepted")).length).toBe(1);
    const view = await getOfferForViewer(services, { actor: buyer, input: { offerId } });
    expect(view.rounds).toHaveLength(3);
    expect(view.agreementId).toBe(agreement.id);
    expect(view.logs).toBeNull();
    expect(view.can).toEqual({ accept: false, counter: false, decline: false, withdraw: false });
  });

  it("lets the buyer accept the seller's counter", async () => {
    const { seller, listing } = await aSellerListing();
    const { viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    // The buyer cannot accept their own offer.
    expect(await outcome(acceptOffer(services, { actor: buyer, input: { offerId } }))).toBe(
      "FORBIDDEN: It is the seller's turn to answer this offer.",
    );
    await counterOffer(services, { actor: seller, input: { offerId, pricePerPoint: "149" } });
    await acceptOffer(services, { actor: buyer, input: { offerId } });
    expect((await offerRow(offerId)).status).toBe("accepted");
    const [l] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l.listingStatusId).toBe(LISTING_STATUS.underContract);
    // The seller still sees it for sale, under contract, and can no longer edit its terms.
    const inventory = await listMyInventory(services, { actor: seller, input: { view: "for-sale" } });
    expect(inventory.rows.find((r) => r.id === listing.id)?.listingStatusId).toBe(LISTING_STATUS.underContract);
    const edit = await getListingForEdit(services, { actor: seller, input: { id: listing.id } });
    expect(
      await outcome(
        updateListing(services, {
          actor: seller,
          input: { id: listing.id, values: { ...edit.values, pricePerPoint: 160 } },
        }),
      ),
    ).toBe(`CONFLICT: Listing ${listing.listingCode} is under contract: it can no longer be edited.`);
    // Nor deactivate it while the agreement stands.
    expect(
      await outcome(
        changeListingStatus(services, {
          actor: seller,
          input: { id: listing.id, name: "listing_status_id", value: 9, reason: "2" },
        }),
      ),
    ).toBe("CONFLICT: This listing is under contract: an offer on it was accepted.");
  });

  it("declines with a reason (the seller only), and withdraws (the buyer only)", async () => {
    const { seller, listing } = await aSellerListing();
    const { row: buyerRow, viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    expect(await outcome(declineOffer(services, { actor: buyer, input: { offerId, reason: "Changed my mind" } }))).toBe(
      "FORBIDDEN: Only the seller declines an offer.",
    );
    expect(await outcome(withdrawOffer(services, { actor: seller, input: { offerId } }))).toBe(
      "FORBIDDEN: Only the buyer withdraws an offer.",
    );
    expect(await outcome(declineOffer(services, { actor: seller, input: { offerId, reason: "" } }))).toBe(
      "BAD_INPUT: Give a reason for declining.",
    );
    await declineOffer(services, { actor: seller, input: { offerId, reason: "The price is too low" } });
    const o = await offerRow(offerId);
    expect(o).toMatchObject({ status: "declined", declineReason: "The price is too low" });
    expect(o.closedAt).not.toBeNull();
    const [mail] = await mailsTo(buyerRow.email, "offer-declined");
    expect(mail.text).toContain("Reason: The price is too low.");
    expect(await outcome(withdrawOffer(services, { actor: buyer, input: { offerId } }))).toBe(
      `CONFLICT: Offer #${offerId} was declined (The price is too low).`,
    );

    const second = await submit(buyer, listing.id);
    await withdrawOffer(services, { actor: buyer, input: { offerId: second.offerId } });
    expect((await offerRow(second.offerId)).status).toBe("withdrawn");
    expect((await logsOf(second.offerId)).map((l) => l.historyNote)).toContain(
      `The buyer withdrew offer #${second.offerId} on listing ${listing.listingCode}.`,
    );
  });

  it("shows an offer to nobody but its parties and administrators: a stranger gets 404 and cannot act", async () => {
    const { seller, listing } = await aSellerListing();
    const { viewer: buyer } = await aBuyer();
    const { viewer: stranger } = await aBuyer();
    const otherSeller = viewerOf(await buildUser(db, { role: "seller" }));
    const { offerId } = await submit(buyer, listing.id);
    for (const who of [stranger, otherSeller]) {
      expect(await outcome(getOfferForViewer(services, { actor: who, input: { offerId } }))).toBe(
        "NOT_FOUND: This offer does not exist.",
      );
      expect(await outcome(acceptOffer(services, { actor: who, input: { offerId } }))).toBe(
        "NOT_FOUND: This offer does not exist.",
      );
      expect(await outcome(withdrawOffer(services, { actor: who, input: { offerId } }))).toBe(
        "NOT_FOUND: This offer does not exist.",
      );
    }
    // An administrator impersonating a stranger has only the stranger's rights.
    expect(
      await outcome(
        getOfferForViewer(services, { actor: { ...stranger, impersonatedBy: admin.id }, input: { offerId } }),
      ),
    ).toBe("NOT_FOUND: This offer does not exist.");
    expect((await getOfferForViewer(services, { actor: seller, input: { offerId } })).can).toEqual({
      accept: true,
      counter: true,
      decline: true,
      withdraw: false,
    });
    expect((await getOfferForViewer(services, { actor: admin, input: { offerId } })).logs).toHaveLength(1);
    expect((await listBuyerOffers(services, { actor: buyer, input: {} })).rows.map((r) => r.id)).toContain(offerId);
    expect((await listSellerOffers(services, { actor: seller, input: {} })).rows.map((r) => r.id)).toEqual([offerId]);
    expect((await listBuyerOffers(services, { actor: stranger, input: {} })).rows).toEqual([]);
    expect(await outcome(listOffersAdmin(services, { actor: buyer, input: {} }))).toBe(
      "FORBIDDEN: Only administrators see every offer.",
    );
    expect((await listOffersAdmin(services, { actor: admin, input: { view: "open" } })).total).toBeGreaterThan(0);
  });

  it("lets an administrator act for either side, named in the journal and the offers log as acting for them", async () => {
    const { sellerRow, listing } = await aSellerListing();
    const { row: buyerRow, viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    await counterOffer(services, { actor: admin, input: { offerId, pricePerPoint: "146" } });
    await acceptOffer(services, { actor: admin, input: { offerId } });
    // After the administrator's counter for the seller, it is the buyer's turn: the administrator acts for the buyer.
    expect((await offerRow(offerId)).status).toBe("accepted");
    const logs = await logsOf(offerId);
    expect(logs.slice(1).map((l) => [l.event, l.userId, l.onBehalfOf, l.historyNote])).toEqual([
      [
        "countered",
        adminRow.id,
        "seller",
        `Administrator Alex Admin, acting for the seller, countered offer #${offerId} on listing ${listing.listingCode} with $146/pt ($${(146 * listing.contractPoints).toLocaleString("en-US")}).`,
      ],
      [
        "accepted",
        adminRow.id,
        "buyer",
        `Administrator Alex Admin, acting for the buyer, accepted offer #${offerId} on listing ${listing.listingCode} at $146/pt ($${(146 * listing.contractPoints).toLocaleString("en-US")}).`,
      ],
    ]);
    const journal = await db.select().from(activityJournal).where(eq(activityJournal.kind, "offer.event"));
    const sellerEntry = journal.find((j) => j.userId === sellerRow.id && j.summary.includes("countered"));
    expect(sellerEntry).toMatchObject({ actorId: adminRow.id });
    expect(sellerEntry?.summary).toContain("Administrator Alex Admin, acting for the seller");
    const buyerEntry = journal.find((j) => j.userId === buyerRow.id && j.summary.includes("accepted"));
    expect(buyerEntry?.summary).toContain("acting for the buyer");
    // The seller is told of the acceptance, naming the administrator.
    const [mail] = await mailsTo(sellerRow.email, "offer-accepted");
    expect(mail.text).toContain("Administrator Alex Admin, acting for the buyer, accepted");
  });

  it("answers a broker's listing by the broker's staff (administrators), mailing the site's address", async () => {
    const broker = await buildBroker(db);
    const listing = await buildListing(db, { broker });
    const { viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    const o = await offerRow(offerId);
    expect(o).toMatchObject({ sellerId: null, brokerId: broker.id });
    expect((await getOfferForViewer(services, { actor: admin, input: { offerId } })).viewerSide).toBe("seller");
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "offer-submitted"));
    expect(
      mails.some((m) => m.subject.includes(listing.listingCode) && m.to === "hello@vacationpointsmarket.test"),
    ).toBe(true);
    await declineOffer(services, { actor: admin, input: { offerId, reason: "Below the broker's floor" } });
    // The broker's staff answer as the seller: not "acting for" anyone.
    expect((await logsOf(offerId)).at(-1)?.historyNote).toBe(
      `The seller declined offer #${offerId} on listing ${listing.listingCode}: Below the broker's floor.`,
    );
  });
});

describe("accepting is final and happens once", () => {
  it("50 concurrent accepts of one offer: one accepted offer, one agreement, 49 refused with 409", async () => {
    const { seller, listing } = await aSellerListing({ points: 1777 });
    const { viewer: buyer } = await aBuyer();
    const { row: otherBuyerRow, viewer: otherBuyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    const other = await submit(otherBuyer, listing.id, { pricePerPoint: "139" });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => outcome(acceptOffer(services, { actor: seller, input: { offerId } }))),
    );
    expect(results.filter((r) => r === "applied")).toHaveLength(1);
    const refusals = results.filter((r) => r !== "applied");
    expect(refusals).toHaveLength(49);
    expect(new Set(refusals)).toEqual(new Set([`CONFLICT: Offer #${offerId} has already been accepted.`]));
    expect(await db.select().from(agreements).where(eq(agreements.listingId, listing.id))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(offers)
        .where(and(eq(offers.listingId, listing.id), eq(offers.status, "accepted"))),
    ).toHaveLength(1);
    expect((await logsOf(offerId)).filter((l) => l.event === "accepted")).toHaveLength(1);
    // The other open offer was declined with the reason, and its buyer told.
    expect(await offerRow(other.offerId)).toMatchObject({
      status: "declined",
      declineReason: "accepted another offer",
    });
    const [mail] = await mailsTo(otherBuyerRow.email, "offer-declined");
    expect(mail.text).toContain("Reason: accepted another offer.");
    // The listing is under contract and out of the search.
    const [l] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l.listingStatusId).toBe(LISTING_STATUS.underContract);
    const parsed = parseResaleSearch({ points: [1777, 1777], limit: 60 });
    if (!parsed.success) throw new Error(parsed.error);
    expect((await searchListings(db, parsed.data)).data.map((r) => r.id)).not.toContain(listing.id);
    // And it takes no more offers.
    const { viewer: late } = await aBuyer();
    expect(await outcome(submit(late, listing.id))).toBe(
      `CONFLICT: Listing ${listing.listingCode} is under contract: it takes no more offers.`,
    );
  });

  it("two different offers on one listing accepted at once: one wins, the other is declined as accepted another offer", async () => {
    const { seller, listing } = await aSellerListing();
    const a = await aBuyer();
    const b = await aBuyer();
    const offerA = await submit(a.viewer, listing.id);
    const offerB = await submit(b.viewer, listing.id, { pricePerPoint: "141" });
    const results = await Promise.all([
      outcome(acceptOffer(services, { actor: seller, input: { offerId: offerA.offerId } })),
      outcome(acceptOffer(services, { actor: seller, input: { offerId: offerB.offerId } })),
    ]);
    expect(results.filter((r) => r === "applied")).toHaveLength(1);
    const [winner, loser] = results[0] === "applied" ? [offerA, offerB] : [offerB, offerA];
    expect(results.find((r) => r !== "applied")).toBe(
      `CONFLICT: Offer #${loser.offerId} was declined (accepted another offer).`,
    );
    expect((await offerRow(winner.offerId)).status).toBe("accepted");
    expect(await offerRow(loser.offerId)).toMatchObject({
      status: "declined",
      declineReason: "accepted another offer",
    });
    const agreementsOf = await db.select().from(agreements).where(eq(agreements.listingId, listing.id));
    expect(agreementsOf.map((x) => x.offerId)).toEqual([winner.offerId]);
    expect((await logsOf(loser.offerId)).at(-1)?.historyNote).toBe(
      `The seller declined offer #${loser.offerId} on listing ${listing.listingCode}: accepted another offer.`,
    );
  });
});

describe("timers", () => {
  it("reminds the party who must answer halfway, once, then expires the offer and mails both parties", async () => {
    const { sellerRow, listing } = await aSellerListing();
    const { row: buyerRow, viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    await makeDue(services, OFFERS_QUEUES.remind, { offerId, round: 1 });
    expect(await workQueued(services, OFFERS_QUEUES.remind)).toBeGreaterThanOrEqual(1);
    const reminders = await mailsTo(sellerRow.email, "offer-expiring");
    expect(reminders).toHaveLength(1);
    expect(reminders[0].subject).toMatch(named("Reminder: an offer on", listing, " expires soon"));
    expect((await logsOf(offerId)).map((l) => l.event)).toEqual(["submitted", "reminded"]);

    await makeDue(services, OFFERS_QUEUES.expire, { offerId, round: 1 });
    await workQueued(services, OFFERS_QUEUES.expire);
    const o = await offerRow(offerId);
    expect(o.status).toBe("expired");
    expect((await logsOf(offerId)).at(-1)?.historyNote).toBe(
      `Offer #${offerId} on listing ${listing.listingCode} expired without an answer from the seller.`,
    );
    expect(await mailsTo(sellerRow.email, "offer-expired")).toHaveLength(1);
    expect(await mailsTo(buyerRow.email, "offer-expired")).toHaveLength(1);
    // Expired is final.
    expect(await outcome(acceptOffer(services, { actor: viewerOf(sellerRow), input: { offerId } }))).toBe(
      `CONFLICT: Offer #${offerId} has expired.`,
    );
  });

  it("a timer of a round the offer has moved past does nothing: countering cancels it", async () => {
    const { seller, listing } = await aSellerListing();
    const { viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    await counterOffer(services, { actor: seller, input: { offerId, pricePerPoint: "149" } });
    await makeDue(services, OFFERS_QUEUES.expire, { offerId, round: 1 });
    await makeDue(services, OFFERS_QUEUES.remind, { offerId, round: 1 });
    await workQueued(services, OFFERS_QUEUES.expire);
    await workQueued(services, OFFERS_QUEUES.remind);
    expect(await offerRow(offerId)).toMatchObject({ status: "countered_by_seller", round: 2 });
    expect((await logsOf(offerId)).map((l) => l.event)).toEqual(["submitted", "countered"]);
    // The counter's own timers are set for round 2 and do expire it.
    await makeDue(services, OFFERS_QUEUES.expire, { offerId, round: 2 });
    await workQueued(services, OFFERS_QUEUES.expire);
    expect((await offerRow(offerId)).status).toBe("expired");
    expect((await logsOf(offerId)).at(-1)?.historyNote).toContain("expired without an answer from the buyer");
  });

  it("an accepted offer's timers do nothing", async () => {
    const { seller, listing } = await aSellerListing();
    const { viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    await acceptOffer(services, { actor: seller, input: { offerId } });
    await makeDue(services, OFFERS_QUEUES.expire, { offerId, round: 1 });
    await workQueued(services, OFFERS_QUEUES.expire);
    expect((await offerRow(offerId)).status).toBe("accepted");
  });
});

describe("the offers log (admin)", () => {
  it("lists id, created_at, the user's name and uniqid and the history note, newest first; deletes in bulk", async () => {
    const { listing } = await aSellerListing();
    const { row: buyerRow, viewer: buyer } = await aBuyer();
    const { offerId } = await submit(buyer, listing.id);
    const page = await listOffersLogsAdmin(services, { actor: admin, input: {} });
    const mine = page.rows.find((r) => r.offerId === offerId);
    expect(mine).toMatchObject({ userName: buyerRow.name, userUniqid: buyerRow.userUniqid, event: "submitted" });
    expect(mine?.createdAt).toBeInstanceOf(Date);
    expect(await outcome(listOffersLogsAdmin(services, { actor: buyer, input: {} }))).toBe(
      "FORBIDDEN: Only administrators see every offer.",
    );
    expect(await outcome(deleteOffersLogsAdmin(services, { actor: buyer, input: { logIds: [mine?.id] } }))).toBe(
      "FORBIDDEN: Only administrators see every offer.",
    );
    const res = await deleteOffersLogsAdmin(services, { actor: admin, input: { logIds: [mine?.id] } });
    expect(res.deleted).toBe(1);
    expect(await logsOf(offerId)).toEqual([]);
  });
});

describe("factories", () => {
  it("buildOffer writes an offer its parties can act on", async () => {
    const { sellerRow, listing } = await aSellerListing();
    const buyer: BuiltUser = (await aBuyer()).row;
    const o = await buildOffer(db, { listing, buyer });
    await acceptOffer(services, { actor: viewerOf(sellerRow), input: { offerId: o.id } });
    expect((await offerRow(o.id)).status).toBe("accepted");
  });
});

describe("issue 28: staff are never a buyer or a seller", () => {
  const offerRows = (where: { listingId?: number; buyerId?: string }) =>
    db
      .select()
      .from(offers)
      .where(
        where.listingId !== undefined ? eq(offers.listingId, where.listingId) : eq(offers.buyerId, where.buyerId ?? ""),
      );

  it("a writer, a senior writer or an administrator makes no offer (403) and nothing is written", async () => {
    const { listing } = await aSellerListing();
    for (const staffRole of ["writer", "senior_writer", "admin"] as const) {
      const row = await buildUser(db, { role: staffRole === "admin" ? "admin" : "buyer", staffRole });
      const got = await outcome(submitOffer(services, { actor: viewerOf(row), input: offerInput(listing.id) }));
      expect(got, staffRole).toMatch(/^FORBIDDEN: Staff accounts do not make offers/);
      expect(await offerRows({ buyerId: row.id })).toEqual([]);
    }
    expect(await offerRows({ listingId: listing.id })).toEqual([]);
  });

  it("a staff member's own offer cannot be withdrawn, nor accepted or countered on a staff member's listing", async () => {
    // An offer made before the rule, by a writer who was a buyer then.
    const writerRow = await buildUser(db, { role: "buyer", staffRole: "writer" });
    const { listing } = await aSellerListing();
    const old = await buildOffer(db, { listing, buyer: writerRow });
    expect(await outcome(withdrawOffer(services, { actor: viewerOf(writerRow), input: { offerId: old.id } }))).toMatch(
      /^FORBIDDEN|^CONFLICT/,
    );
    // A senior writer who had switched to seller and listed a contract.
    const seniorRow = await buildUser(db, { role: "seller", staffRole: "senior_writer" });
    const own = await buildListing(db, { seller: seniorRow });
    const { row: buyerRow } = await aBuyer();
    const offer = await buildOffer(db, { listing: own, buyer: buyerRow });
    const senior = viewerOf(seniorRow);
    expect(await outcome(acceptOffer(services, { actor: senior, input: { offerId: offer.id } }))).not.toBe("applied");
    expect(
      await outcome(counterOffer(services, { actor: senior, input: { offerId: offer.id, pricePerPoint: "$150.00" } })),
    ).not.toBe("applied");
    expect(await outcome(declineOffer(services, { actor: senior, input: { offerId: offer.id } }))).not.toBe("applied");
    const [after] = await db.select().from(offers).where(eq(offers.id, offer.id));
    expect(after.status).toBe(offer.status);
    const [oldAfter] = await db.select().from(offers).where(eq(offers.id, old.id));
    expect(oldAfter.status).toBe(old.status);
    expect(await db.select().from(agreements).where(eq(agreements.offerId, offer.id))).toEqual([]);
    // The offer page offers them no buttons.
    const page = await getOfferForViewer(services, { actor: senior, input: { offerId: offer.id } });
    expect(page.can).toEqual({ accept: false, counter: false, decline: false, withdraw: false });
    // An administrator still answers for the seller from the back office.
    expect(await outcome(acceptOffer(services, { actor: admin, input: { offerId: offer.id } }))).toBe("applied");
  });

  it("staff list and edit no contract for sale, and keep their own role", async () => {
    const seniorRow = await buildUser(db, { role: "seller", staffRole: "senior_writer" });
    const senior = viewerOf(seniorRow);
    const own = await buildListing(db, { seller: seniorRow });
    const { createListing } = await import("~/modules/listings/inventory.server");
    const form = {
      resortId: own.resortId,
      useMonth: 2,
      contractPoints: 160,
      prevYearPoints: 0,
      currYearPoints: 160,
      nextYearPoints: 160,
      pricePerPoint: 150,
    };
    const before = await db.select().from(listings).where(eq(listings.sellerId, seniorRow.id));
    expect(await outcome(createListing(services, { actor: senior, input: form }))).toMatch(/^FORBIDDEN/);
    expect(await outcome(updateListing(services, { actor: senior, input: { id: own.id, values: form } }))).toMatch(
      /^FORBIDDEN|^NOT_FOUND/,
    );
    expect(await db.select().from(listings).where(eq(listings.sellerId, seniorRow.id))).toEqual(before);

    const { updateUserField } = await import("~/modules/profile/settings-fields.server");
    for (const [row, to] of [
      [await buildUser(db, { role: "buyer", staffRole: "writer" }), "seller"],
      [seniorRow, "buyer"],
      [adminRow, "seller"],
    ] as const) {
      expect(
        await outcome(updateUserField(services, { actor: viewerOf(row), input: { name: "role", value: to } })),
      ).toMatch(/^FORBIDDEN: Staff accounts/);
    }
    const roles = await db.select({ role: user.role }).from(user).where(eq(user.id, seniorRow.id));
    expect(roles).toEqual([{ role: "seller" }]);
  });
});

describe("issue 28: offers made and withdrawn over and over", () => {
  it("limits offers per listing and per hour (429 with a message) and folds the seller's repeated mails into one", async () => {
    const { sellerRow, listing } = await aSellerListing();
    const { viewer: buyer, row: buyerRow } = await aBuyer();
    const results: string[] = [];
    for (let i = 0; i < 10; i++) {
      try {
        const made = await submit(buyer, listing.id);
        await withdrawOffer(services, { actor: buyer, input: { offerId: made.offerId } });
        results.push("made");
      } catch (err) {
        if (!isAppError(err)) throw err;
        results.push(`${err.status}`);
        expect(err.message).toBe(OFFER_LIMIT_MESSAGES.perListing);
        expect(err.retryAfterSeconds).toBeGreaterThan(0);
      }
    }
    expect(results.filter((r) => r === "made")).toHaveLength(OFFERS_PER_LISTING_PER_HOUR);
    expect(results.filter((r) => r === "429")).toHaveLength(10 - OFFERS_PER_LISTING_PER_HOUR);
    expect(await db.select().from(offers).where(eq(offers.buyerId, buyerRow.id))).toHaveLength(
      OFFERS_PER_LISTING_PER_HOUR,
    );
    // The seller got one "new offer" and one "withdrawn" mail for the whole burst, not one per offer.
    expect(await mailsTo(sellerRow.email, "offer-submitted")).toHaveLength(1);
    expect(await mailsTo(sellerRow.email, "offer-withdrawn")).toHaveLength(1);
    // Another buyer's offer on the same listing still reaches the seller.
    const { viewer: other } = await aBuyer();
    await submit(other, listing.id);
    expect(await mailsTo(sellerRow.email, "offer-submitted")).toHaveLength(2);
  });

  it("limits a buyer's offers across listings to OFFERS_PER_HOUR an hour", async () => {
    const { viewer: buyer } = await aBuyer();
    let refused: unknown = null;
    for (let i = 0; i <= OFFERS_PER_HOUR; i++) {
      const { listing } = await aSellerListing();
      try {
        const made = await submit(buyer, listing.id);
        await withdrawOffer(services, { actor: buyer, input: { offerId: made.offerId } });
      } catch (err) {
        refused = err;
        expect(i).toBe(OFFERS_PER_HOUR);
      }
    }
    expect(isAppError(refused) && refused.status).toBe(429);
    expect((refused as Error).message).toBe(OFFER_LIMIT_MESSAGES.perHour);
  });
});
