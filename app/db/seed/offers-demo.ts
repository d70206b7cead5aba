import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { listings, offerRounds, offers, offersLogs } from "~/db/schema";
import { formatPerPoint, formatPrice } from "~/lib/format";

type Side = "buyer" | "seller";
type Status = (typeof offers.$inferSelect)["status"];

/**
 * Issue 10: a few offers between the demo accounts, so the offer pages, the dashboard and the offers log show a real
 * negotiation from the first start. Bella Buyer and Ben Buyer offer on Sally's and Sean's listings: one waiting for the
 * seller, one seller's counter, one buyer's counter, and a declined, an expired and a withdrawn one. None is accepted,
 * so every demo listing stays for sale. Open ones expire through the offers' sweep job when their time is up.
 */
type DemoOffer = {
  buyer: string;
  seller: string;
  status: Status;
  /** Each round's price as a share of the asking price, and who proposed it (alternating from the buyer). */
  rounds: number[];
  daysAgo: number;
  /** For the open ones: hours left. */
  hoursLeft?: number;
  reason?: string;
  financing: "cash" | "loan";
  message: string;
};

const DEMO_OFFERS: DemoOffer[] = [
  {
    buyer: "buyer@example.com",
    seller: "seller@example.com",
    status: "submitted",
    rounds: [0.92],
    daysAgo: 0.3,
    hoursLeft: 40,
    financing: "cash",
    message: "We can close as soon as the right of first refusal is waived. Happy to pay this year's dues.",
  },
  {
    buyer: "buyer@example.com",
    seller: "seller2@example.com",
    status: "countered_by_seller",
    rounds: [0.88, 0.96],
    daysAgo: 1.5,
    hoursLeft: 20,
    financing: "loan",
    message: "Pre-approved for financing; first trip planned for next spring.",
  },
  {
    buyer: "buyer2@example.com",
    seller: "seller2@example.com",
    status: "countered_by_buyer",
    rounds: [0.85, 0.97, 0.91],
    daysAgo: 2,
    hoursLeft: 30,
    financing: "cash",
    message: "Cash buyer, flexible on the closing date.",
  },
  {
    buyer: "buyer@example.com",
    seller: "seller@example.com",
    status: "declined",
    rounds: [0.78],
    daysAgo: 10,
    reason: "The price is too far below what similar contracts have sold for",
    financing: "cash",
    message: "",
  },
  {
    buyer: "buyer@example.com",
    seller: "seller2@example.com",
    status: "expired",
    rounds: [0.9],
    daysAgo: 20,
    financing: "cash",
    message: "",
  },
  {
    buyer: "buyer2@example.com",
    seller: "seller@example.com",
    status: "withdrawn",
    rounds: [0.93],
    daysAgo: 5,
    financing: "loan",
    message: "",
  },
];

const HOUR = 3_600_000;

export async function seedOffersDemo(
  tx: Tx,
  opts: { now: Date; userIds: Record<string, string>; names: Record<string, string> },
) {
  const used = new Set<number>();
  for (const d of DEMO_OFFERS) {
    const sellerId = opts.userIds[d.seller];
    const buyerId = opts.userIds[d.buyer];
    const candidates = await tx
      .select()
      .from(listings)
      .where(
        and(
          eq(listings.sellerId, sellerId),
          eq(listings.listingStatusId, 3),
          eq(listings.isTest, false),
          isNotNull(listings.approvedAt),
        ),
      )
      .orderBy(asc(listings.id))
      .limit(20);
    const l = candidates.find((c) => !used.has(c.id));
    if (!l) continue;
    used.add(l.id);
    const start = new Date(opts.now.getTime() - d.daysAgo * 24 * HOUR);
    const roundAt = (i: number) => new Date(start.getTime() + i * 6 * HOUR);
    const prices = d.rounds.map((share) => Math.round((l.pricePerPointCents * share) / 100) * 100);
    const last = prices.length - 1;
    const updatedAt = d.status === "expired" ? new Date(start.getTime() + 48 * HOUR) : roundAt(last);
    const open = d.hoursLeft !== undefined;
    const terms = (price: number) => ({
      pricePerPointCents: price,
      totalCents: price * l.contractPoints,
      duesPaidBy: "buyer" as const,
      closingCostsPaidBy: "buyer" as const,
      financing: d.financing,
      deedNames: [opts.names[d.buyer]],
    });
    const [row] = await tx
      .insert(offers)
      .values({
        listingId: l.id,
        buyerId,
        sellerId,
        status: d.status,
        round: prices.length,
        points: l.contractPoints,
        ...terms(prices[last]),
        message: d.message,
        askingPricePerPointCents: l.pricePerPointCents,
        appraisalPerPointCents: l.pricePerPointCents,
        expiresAt: open
          ? new Date(opts.now.getTime() + (d.hoursLeft ?? 0) * HOUR)
          : new Date(roundAt(last).getTime() + 48 * HOUR),
        declineReason: d.reason ?? null,
        closedAt: open ? null : updatedAt,
        createdAt: start,
        updatedAt,
      })
      .returning({ id: offers.id });
    const offerLabel = `offer #${row.id} on listing ${l.listingCode}`;
    const priceWords = (price: number) => `${formatPerPoint(price)} (${formatPrice(price * l.contractPoints)})`;
    const logs: { side: Side; event: string; note: string; at: Date }[] = [];
    for (const [i, price] of prices.entries()) {
      const side: Side = i % 2 === 0 ? "buyer" : "seller";
      await tx.insert(offerRounds).values({
        offerId: row.id,
        round: i + 1,
        proposedBy: side,
        actorId: side === "buyer" ? buyerId : sellerId,
        ...terms(price),
        message: i === 0 ? d.message : "",
        createdAt: roundAt(i),
      });
      logs.push(
        i === 0
          ? { side, event: "submitted", note: `The buyer made ${offerLabel} at ${priceWords(price)}.`, at: roundAt(i) }
          : {
              side,
              event: "countered",
              note: `The ${side} countered ${offerLabel} with ${priceWords(price)}.`,
              at: roundAt(i),
            },
      );
    }
    if (d.status === "declined") {
      logs.push({
        side: "seller",
        event: "declined",
        note: `The seller declined ${offerLabel}: ${d.reason}.`,
        at: updatedAt,
      });
    } else if (d.status === "withdrawn") {
      logs.push({ side: "buyer", event: "withdrawn", note: `The buyer withdrew ${offerLabel}.`, at: updatedAt });
    } else if (d.status === "expired") {
      logs.push({
        side: "seller",
        event: "expired",
        note: `Offer #${row.id} on listing ${l.listingCode} expired without an answer from the seller.`,
        at: updatedAt,
      });
    }
    await tx.insert(offersLogs).values(
      logs.map((e) => ({
        offerId: row.id,
        userId: e.event === "expired" ? null : e.side === "buyer" ? buyerId : sellerId,
        event: e.event,
        historyNote: e.note,
        createdAt: e.at,
      })),
    );
  }
}
