/**
 * Every kind of activity journal entry (issue 9: "journal kinds are a typed list, and each kind has one place that
 * writes its summary"): its default tab and the one function that writes its summary from the entry's facts.
 * `recordActivity` takes a kind from this list and its facts; a kind that is not here does not type-check.
 */
import type { JournalCategory } from "./journal.server";

type Kind<F> = { category: JournalCategory; summary: (facts: F) => string };
const kind = <F = Record<string, never>>(category: JournalCategory, summary: (facts: F) => string): Kind<F> => ({
  category,
  summary,
});

type ListingFacts = { listingCode: string };

export type OfferEvent =
  | "submitted"
  | "countered"
  | "accepted"
  | "declined"
  | "withdrawn"
  | "expired"
  | "reminded"
  | "declined-another-accepted"
  | "mail-opened"
  | "viewed";

export type OfferFacts = {
  event: OfferEvent;
  offerId: number;
  listingCode: string;
  /** The side that acted (or, for the timers, the side that had to answer). */
  side: "buyer" | "seller";
  /** The administrator who acted for the side, by name. */
  administrator?: string | null;
  /** "$135 a point ($21,600)" for the events that name a price. */
  price?: string;
  reason?: string;
  /** "Dec 3, 2026, 4:30 PM EST" for a reminder. */
  expiresAt?: string;
  /** The round a mail-opened or viewed note is about. */
  round?: number;
};

function offerSentence(f: OfferFacts): string {
  const who = f.administrator ? `Administrator ${f.administrator}, acting for the ${f.side},` : `The ${f.side}`;
  const offer = `offer #${f.offerId} on listing ${f.listingCode}`;
  switch (f.event) {
    case "submitted":
      return `${who} made ${offer} at ${f.price}.`;
    case "countered":
      return `${who} countered ${offer} with ${f.price}.`;
    case "accepted":
      return `${who} accepted ${offer} at ${f.price}.`;
    case "declined":
      return `${who} declined ${offer}: ${f.reason}.`;
    case "withdrawn":
      return `${who} withdrew ${offer}.`;
    case "expired":
      return `Offer #${f.offerId} on listing ${f.listingCode} expired without an answer from the ${f.side}.`;
    case "reminded":
      return `Reminded the ${f.side} that ${offer} expires on ${f.expiresAt}.`;
    case "declined-another-accepted":
      return `${who} declined ${offer}: ${f.reason}.`;
    case "mail-opened":
      return `The ${f.side} opened the mail about ${offer} (round ${f.round}).`;
    case "viewed":
      return `The ${f.side} viewed ${offer} (round ${f.round}).`;
  }
}

export const JOURNAL_KINDS = {
  // Joining and signing in
  "auth.sign-up": kind<{ roleName: string }>("security", (f) => `Joined as a ${f.roleName.toLowerCase()}`),
  "auth.sign-in": kind<{ twoFactor: boolean }>("security", (f) =>
    f.twoFactor ? "Signed in with a two-factor code" : "Signed in",
  ),
  "auth.sign-in-failed": kind<{ ip: string }>("security", (f) => `A wrong password was tried from ${f.ip}`),
  "auth.email-verified": kind("security", () => "Verified the email address with a pin"),
  "auth.password-reset": kind("security", () => "Reset the password by emailed link; every session was signed out"),
  "auth.sessions.revoked": kind<{ ended: number }>(
    "security",
    (f) => `Logged out ${f.ended} other browser session${f.ended === 1 ? "" : "s"}`,
  ),
  "auth.two-factor.enabled": kind("security", () => "Turned on two-factor authentication"),
  "auth.two-factor.disabled": kind("security", () => "Turned off two-factor authentication"),
  "auth.two-factor.backup-codes": kind("security", () => "Made new two-factor backup codes"),

  // The person's own profile and settings
  "profile.update": kind<{ changed: string[] } | { completedSignUp: true }>("general", (f) =>
    "completedSignUp" in f
      ? "Added a phone number and mailing address"
      : `Updated the profile information (${f.changed.join(", ")})`,
  ),
  "profile.photo": kind<{ replaced: boolean }>("general", (f) =>
    f.replaced ? "Changed the profile photo" : "Added a profile photo",
  ),
  "profile.address-help": kind("general", () => "Asked our team for help with the mailing address"),
  "profile.role": kind<{ to: string }>(
    "general",
    (f) => `Switched the account to ${f.to === "seller" ? "selling" : "buying"}`,
  ),
  "settings.update": kind<{ label: string } | { commissionText: true }>("general", (f) =>
    "commissionText" in f ? "Changed the adjusted commission text" : `Changed the setting "${f.label}"`,
  ),
  "email.change": kind<{ from: string; to: string }>(
    "security",
    (f) => `Changed the email address from ${f.from} to ${f.to}`,
  ),
  "password.change": kind("security", () => "Changed the password and signed out the other browser sessions"),

  // Administrators on accounts
  "account.create": kind<{ role: string; emailVerified: boolean; mailedLink: boolean }>(
    "general",
    (f) =>
      `An administrator created this ${f.role} account${f.emailVerified ? " with a verified email" : ""}${f.mailedLink ? " and emailed a set-password link" : ""}.`,
  ),
  "account.update": kind<{ changes: string[] }>(
    "general",
    (f) => `An administrator changed the ${f.changes.join(", ")}.`,
  ),
  "account.suspend": kind<{ reason: string }>(
    "security",
    (f) => `An administrator suspended this account: ${f.reason}`,
  ),
  /** `npm run admin:create` (issue 29): the operator, not a signed-in administrator, made this account an administrator. */
  "account.admin-create": kind<{ created: boolean; before: string | null }>("security", (f) =>
    f.created
      ? "Created as an administrator from the server's command line (npm run admin:create), with a set-password link."
      : `Made an administrator from the server's command line (npm run admin:create; was ${f.before}), with a set-password link.`,
  ),
  "account.unsuspend": kind("security", () => "An administrator lifted the suspension of this account."),
  "account.2fa-reset": kind("security", () => "An administrator turned two-factor authentication off."),
  "account.verify-email": kind<{ email: string }>(
    "security",
    (f) => `An administrator marked the email ${f.email} as verified.`,
  ),
  "account.delete": kind<{ byAdministrator: boolean }>("security", (f) =>
    f.byAdministrator ? "An administrator deleted this account." : "Deleted the account",
  ),
  "account.restore": kind("security", () => "An administrator restored this account. Its listings stay deactivated."),
  "account.staff-role": kind<{ from: string; to: string }>(
    "security",
    (f) => `An administrator changed the staff role from ${f.from} to ${f.to}.`,
  ),

  // Impersonation: one entry in each person's journal
  "impersonation.start": kind<{ side: "account" | "administrator"; name: string; email: string }>(
    "impersonation",
    (f) =>
      f.side === "account"
        ? `Administrator ${f.name} (${f.email}) logged into this account.`
        : `Logged into ${f.name}'s account (${f.email}).`,
  ),
  "impersonation.end": kind<{ side: "account" | "administrator"; name: string; email: string }>("impersonation", (f) =>
    f.side === "account"
      ? `Administrator ${f.name} (${f.email}) left this account.`
      : `Left ${f.name}'s account (${f.email}).`,
  ),

  // Listings
  "listing.create": kind<ListingFacts>(
    "listing",
    (f) => `Listing ${f.listingCode} was created and is waiting for review.`,
  ),
  "listing.update": kind<ListingFacts>("listing", (f) => `Listing ${f.listingCode} was edited.`),
  "listing.repost": kind<ListingFacts>(
    "listing",
    (f) => `Listing ${f.listingCode} was reposted to the top of the newest listings.`,
  ),
  "listing.auto-repost": kind<ListingFacts>(
    "listing",
    (f) => `Listing ${f.listingCode} was reposted automatically to the top of the newest listings (the Repost tweaks).`,
  ),
  "listing.status": kind<
    ListingFacts & {
      event:
        | "approved"
        | "rejected"
        | "deactivated"
        | "back-to-review"
        | "activated"
        | "account-deleted"
        | "under-contract"
        | "sold"
        | "back-on-market";
      reason?: string | null;
    }
  >("listing", (f) => {
    switch (f.event) {
      case "approved":
        return `Listing ${f.listingCode} was approved and is live.`;
      case "rejected":
        return `Listing ${f.listingCode} was rejected in review.`;
      case "deactivated":
        return `Listing ${f.listingCode} was deactivated (${f.reason}).`;
      case "back-to-review":
        return `Listing ${f.listingCode} was sent back to review to be activated.`;
      case "activated":
        return `Listing ${f.listingCode} was activated.`;
      case "account-deleted":
        return `Listing ${f.listingCode} deactivated: the account was deleted`;
      case "under-contract":
        return `Listing ${f.listingCode} is under contract: an offer on it was accepted.`;
      case "sold":
        return `Listing ${f.listingCode} is sold: its agreement closed or the developer bought it.`;
      case "back-on-market":
        return `Listing ${f.listingCode} is for sale again: its agreement was cancelled.`;
    }
  }),

  // Special requests (what a buyer is looking for)
  "special-request.create": kind<{ id: number }>("general", (f) => `Filed special request #${f.id}.`),
  "special-request.close": kind<{ id: number; reason: string }>(
    "general",
    (f) => `Closed special request #${f.id} (${f.reason.toLowerCase()}).`,
  ),

  // Offers (issue 10): every event of an offer, in the journal of the side it belongs to; the offers log's
  // history note is the same sentence.
  "offer.event": kind<OfferFacts>("listing", offerSentence),
  /** An agreement's step (issue 11): the agreement workflow writes the sentence, naming who took the step. */
  "agreement.event": kind<{ sentence: string }>("listing", (f) => `${f.sentence}.`),

  // Back office
  "settings.tweaks": kind<
    | { inactiveDays: { from: number; to: number } }
    | { adminTwoFactor: boolean }
    | { offers: string[] }
    | { agreement: string[] }
    | { fees: string[] }
  >("general", (f) =>
    "inactiveDays" in f
      ? `Changed the inactive users period from ${f.inactiveDays.from} to ${f.inactiveDays.to} days.`
      : "offers" in f
        ? `Saved the offers tweaks${f.offers.length ? `: ${f.offers.join("; ")}` : " (no change)"}.`
        : "agreement" in f
          ? `Saved the agreement tweaks${f.agreement.length ? `: ${f.agreement.join("; ")}` : " (no change)"}.`
          : "fees" in f
            ? `Saved the admin fees${f.fees.length ? `: ${f.fees.join("; ")}` : " (no change)"}.`
            : `${f.adminTwoFactor ? "Required" : "Stopped requiring"} two-factor authentication for administrators.`,
  ),
  /** One section of an engine-declared settings record saved (issue 30): each changed key, before → after. */
  "settings.section": kind<{ title: string; changes: string[] }>("general", (f) =>
    f.changes.length ? `Saved ${f.title}: ${f.changes.join("; ")}.` : `Saved ${f.title} (no change).`,
  ),
  /** An administrator's change to one of the contract's four section templates (issue 11, /admin/contract-sections). */
  "settings.contract-section": kind<{ section: number; title: string; restored?: boolean; changes: string[] }>(
    "general",
    (f) =>
      f.restored
        ? `Restored the default text of contract section ${f.section} (${f.title}).`
        : `Changed contract section ${f.section} (${f.title})${f.changes.length ? `: ${f.changes.join("; ")}` : " (no change)"}.`,
  ),
  "settings.od": kind<{ before: string; after: string }>("general", (f) =>
    f.before === f.after
      ? `Saved the offer dashboard settings (no change): it ${f.after}.`
      : `Changed the offer dashboard settings: it ${f.after} (before: ${f.before}).`,
  ),
  "resort.update": kind<{ name: string; code: string; changes: string[] }>(
    "general",
    (f) => `Changed ${f.name} (${f.code}): ${f.changes.join("; ")}.`,
  ),
  /** A change through the admin resource engine; the engine writes the sentence (it names the changed fields). */
  "admin.resource": kind<{ sentence: string }>("general", (f) => f.sentence),
  // Issue 33: the partners' API keys (the secret is never written here).
  "api-key.issued": kind<{ name: string; prefix: string; scopes: string }>(
    "security",
    (f) => `An administrator issued the API key “${f.name}” (${f.prefix}…) for ${f.scopes}.`,
  ),
  "api-key.revoked": kind<{ name: string; prefix: string }>(
    "security",
    (f) => `An administrator revoked the API key “${f.name}” (${f.prefix}…).`,
  ),
} as const;

export type JournalKind = keyof typeof JOURNAL_KINDS;
export type JournalFacts<K extends JournalKind> = Parameters<(typeof JOURNAL_KINDS)[K]["summary"]>[0];

/** The summary of an entry of this kind, from its facts (the one place each kind's wording lives). */
export function journalSummary<K extends JournalKind>(kind: K, facts: JournalFacts<K>): string {
  return (JOURNAL_KINDS[kind].summary as (f: JournalFacts<K>) => string)(facts);
}
