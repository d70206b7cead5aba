import { href } from "react-router";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import { getMyListingStatusCounts } from "~/modules/listings/admin-listings.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { notifyAdmins } from "~/modules/notifications/admin-notifications.server";
import { selectOrCreateSettings, selectProfileUser } from "./profile.queries.server";
import { parseOrThrow } from "~/lib/action.server";
import { AddressHelpSchema, hasMailingAddress } from "./profile.schema";
import { REQUIRED_MESSAGES, type RequiredItem } from "./required";

type Deps = Pick<Services, "db">;

function requireSeller(actor: Viewer) {
  if (!defineAbilityFor(actor).can("read", "RequiredPage"))
    throw new AppError("FORBIDDEN", REQUIRED_MESSAGES.sellersOnly);
}

/** The seller's checklist: each item done or not, with where to fix it. */
export async function getRequiredItems(deps: Deps, args: { actor: Viewer }): Promise<RequiredItem[]> {
  requireSeller(args.actor);
  const me = await selectProfileUser(deps.db, args.actor.id);
  if (!me) throw new AppError("NOT_FOUND", "We could not find your account. Please sign in again.");
  const s = await selectOrCreateSettings(deps.db, me.id);
  const listings = await getMyListingStatusCounts(deps, { actor: args.actor });
  const phone = Boolean(s.phoneNumber);
  const address = hasMailingAddress(s);
  return [
    {
      id: "email-verified",
      tab: "account",
      label: "Verified email address",
      why: "The purchase agreement, the title company's closing documents and your payment notices are sent by email.",
      done: me.emailVerified,
      fixHref: `${href("/profile")}#email-address`,
      fixLabel: "Verify your email address",
    },
    {
      id: "profile-completed",
      tab: "account",
      label: "Owners' names as on the deed",
      why: "The first sentence of the contract names every owner exactly as on the deed; the title company checks it against the recorded deed.",
      done: Boolean(s.firstSentenceOfContract),
      fixHref: `${href("/profile")}#preferences`,
      fixLabel: "Fill in the first sentence of contract",
    },
    {
      id: "phone-number",
      tab: "contact",
      label: "Phone number",
      why: "The title company calls to arrange the notarised signing of your closing documents.",
      done: phone,
      fixHref: `${href("/profile")}#profile-information`,
      fixLabel: "Add your phone number",
    },
    {
      id: "mailing-address",
      tab: "contact",
      label: "Mailing address",
      why: "Closing documents are mailed to you for notarised signature, and your proceeds are sent to this address unless you choose a wire.",
      done: address,
      fixHref: `${href("/profile")}#profile-information`,
      fixLabel: "Add your mailing address",
    },
    {
      id: "active-listing",
      tab: "listing",
      label: "At least one active listing",
      why: "Buyers can only make offers on a listing that is live on the marketplace.",
      done: listings.active > 0,
      fixHref:
        listings.pending > 0 ? href("/v2/profile/inventory-for-sale") : href("/v2/profile/inventory-for-sale/new"),
      fixLabel: listings.pending > 0 ? "See your listing waiting for review" : "List your contract",
    },
  ];
}

/**
 * "I need help with my address": tells the administrators (notification `addressHelp`), with a journal entry,
 * at most 3 times a day per seller.
 */
export async function requestAddressHelp(deps: Deps, args: { actor: Viewer; input: { note?: unknown } }) {
  requireSeller(args.actor);
  const { note } = parseOrThrow(AddressHelpSchema, args.input);
  const limit = await hitRateLimit(deps.db, `address-help:${args.actor.id}`, 3, 24 * 3600);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", REQUIRED_MESSAGES.addressHelpTooOften);
  await deps.db.transaction(async (tx) => {
    const me = await selectProfileUser(tx, args.actor.id);
    if (!me) throw new AppError("NOT_FOUND", "We could not find your account. Please sign in again.");
    await notifyAdmins(tx, {
      type: "addressHelp",
      user: me.name,
      role: me.role,
      notification: `${me.name} needs help with their mailing address.${note ? ` Note: ${note}` : ""}`,
      user_uniqid: me.userUniqid,
      email: me.email,
    });
    await recordActivity(tx, {
      userId: me.id,
      actor: args.actor,
      kind: "profile.address-help",
      facts: {},
      data: note ? { note } : {},
    });
  });
  return { message: REQUIRED_MESSAGES.addressHelpSent };
}
