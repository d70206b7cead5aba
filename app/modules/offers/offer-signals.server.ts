import { href } from "react-router";
import type { Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/runtime.server";
import { getNotificationPreferences, notifyUser } from "~/modules/notifications/user-notifications.server";
import { recordOfferEvent } from "./offer.workflow";
import { type OfferSignal, insertSignalOnce } from "./offer-signals.queries.server";
import { verifyOfferMailToken } from "./offer-signals.token.server";
import { lockOffer, type OfferRow, selectOfferForWorkflow } from "./offers.queries.server";
import { isAdministrator, isOpen, type OfferStatus, ownSide } from "./offers.rules";
import { offerListingName, offerSmsText } from "./offers.server";

/**
 * What the buyer hears about the seller's attention (issue 10; decision 0031): the seller opened the mail about new
 * terms (its tracking image) or viewed the offer's page. Each is recorded once per round of an open offer
 * (`offer_round_signals`), written to the offers log as a history note, and told to the buyer as their settings say:
 * in-app (`offer_email_opened_notify`, `offer_viewed_notify`) and by text (`offer_email_opened_sms`,
 * `offer_viewed_sms`, when SMS is on with a US number). Nothing here ever fails the request that caused it.
 */

type Deps = Pick<Services, "db"> & {
  sms?: Services["sms"];
  config?: Pick<Services["config"], "authUrl"> & Partial<Pick<Services["config"], "authSecret">>;
};

/** Records the signal for the offer's current round, once; returns the offer when this was the first. */
async function claim(db: Db, offerId: number, round: number, signal: OfferSignal) {
  return db.transaction(async (tx) => {
    const lock = await lockOffer(tx, offerId);
    if (!lock || lock.round !== round || !isOpen(lock.status as OfferStatus)) return null;
    if (!(await insertSignalOnce(tx, offerId, round, signal))) return null;
    const offer = (await selectOfferForWorkflow(tx, offerId)) as OfferRow;
    await recordOfferEvent(tx, { offer, actor: null, event: signal, side: "seller" });
    return offer;
  });
}

async function tellBuyer(deps: Deps, o: OfferRow, signal: OfferSignal) {
  const prefs = await getNotificationPreferences(deps.db, o.buyerId);
  const inApp = signal === "viewed" ? prefs.offerViewedNotify : prefs.offerEmailOpenedNotify;
  const text = signal === "viewed" ? prefs.offerViewedSms : prefs.offerEmailOpenedSms;
  if (!inApp && !text) return;
  const listing = await offerListingName(deps.db, o);
  const title =
    signal === "viewed"
      ? `The seller viewed your offer on ${listing}`
      : `The seller opened the mail about your offer on ${listing}`;
  const path = href("/v2/profile/offers/:offerId", { offerId: String(o.id) });
  const siteUrl = (deps.config?.authUrl ?? "").replace(/\/$/, "");
  await notifyUser(deps, {
    userId: o.buyerId,
    kind: signal === "viewed" ? "offer.viewed" : "offer.mail-opened",
    title,
    body: `Offer #${o.id}, round ${o.round}.`,
    href: path,
    inApp,
    sms: text ? { body: await offerSmsText(deps, siteUrl, title, path), template: `offer-${signal}` } : null,
  });
}

/**
 * The tracking image was loaded: with a token the site signed for the offer's current round, the first load records
 * the open and tells the buyer. Anything else (a bad or old token, a closed offer, a second load) changes nothing.
 * Returns whether this load was the first valid one.
 */
export async function recordOfferMailOpened(deps: Deps, token: string) {
  try {
    const secret = deps.config?.authSecret;
    const t = secret ? verifyOfferMailToken(secret, token) : null;
    if (!t) return false;
    const offer = await claim(deps.db, t.offerId, t.round, "mail-opened");
    if (!offer) return false;
    await tellBuyer(deps, offer, "mail-opened");
    return true;
  } catch (err) {
    logger.error({ err }, "offer mail open not recorded");
    return false;
  }
}

/**
 * The offer's page was shown to `actor`: when that is the listing's own seller (not an administrator, not during an
 * impersonation), the first view of the round is recorded and told to the buyer. `offer` and `recorded` are what the
 * page read (readOfferForViewer): a view of a round already recorded, or anyone's but the seller's, sends nothing to
 * the database; the claim itself checks the round again under the offer's lock. Returns whether it was the first.
 */
export async function recordOfferViewed(deps: Deps, args: { actor: Viewer; offer: OfferRow; recorded: boolean }) {
  const { actor, offer: row } = args;
  try {
    if (args.recorded || actor.impersonatedBy || isAdministrator(actor)) return false;
    if (ownSide(actor, row) !== "seller" || !isOpen(row.status)) return false;
    const offer = await claim(deps.db, row.id, row.round, "viewed");
    if (!offer) return false;
    await tellBuyer(deps, offer, "viewed");
    return true;
  } catch (err) {
    logger.error({ err, offerId: row.id }, "offer view not recorded");
    return false;
  }
}
