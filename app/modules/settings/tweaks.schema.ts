import { defineSettings, type SectionOf, type SectionValues } from "~/modules/admin/settings";
import { formatNumber, formatPercent, formatPrice } from "~/lib/format";
import { PAYER_OPTIONS } from "~/modules/offers/offers.schema";

/**
 * `/admin/tweaks` (SPEC section 2, "tweaks with sections for ... inactive users, my settings ..."): the site-wide
 * switches, declared once as settings of the admin engine (issue 30, decision 0064). Each key's range, default and
 * stored row are written here and nowhere else; the code each key governs reads it through `readSettings` /
 * `readSettingsSection` (app/modules/admin/settings.server.ts) or the thin readers of tweaks.server.ts.
 */
export const TWEAKS = defineSettings({
  id: "tweaks",
  title: "Tweaks",
  description: "Site-wide switches. Each section saves on its own.",
  subject: "SiteSettings",
  sections: [
    {
      id: "inactive-users",
      title: "Inactive users",
      description:
        'A seller with active listings who has not been active for this many days appears in the header\'s "Inactive users" list. The list is rebuilt every night and right after you save.',
      keys: {
        days: {
          kind: "integer",
          name: "inactive_user_days",
          storage: "inactive_user_days",
          label: "Inactive after (days)",
          unit: "days",
          min: 7,
          max: 730,
          default: 90,
        },
      },
      // The staff module's queue (STAFF_QUEUES.inactiveUsersRefresh): the list is rebuilt now, not at the next night.
      afterSaveJob: "users.inactive-refresh",
      saved: (v) => `Inactive users period saved: ${v.days} days.`,
    },
    {
      id: "security",
      title: "Security",
      keys: {
        requireAdminTwoFactor: {
          kind: "boolean",
          name: "require_admin_two_factor",
          storage: "require_admin_two_factor",
          label: "Require two-factor authentication for administrators",
          help: "When on, an administrator without two-factor authentication is asked to set it up before using the admin area.",
          default: false,
        },
      },
      saved: (v) =>
        v.requireAdminTwoFactor
          ? "Security saved: administrators must now use two-factor authentication."
          : "Security saved: two-factor authentication is optional for administrators.",
    },
    {
      id: "banking-reminder",
      title: "Banking reminder cron job",
      submitLabel: "Save banking reminder",
      description:
        "Every morning, sellers whose listings state current use-year points are mailed before their use year's banking deadline (the end of its eighth month), with the points they could still bank; those who turned text messages on are texted too. Each listing gets each reminder once a use year.",
      keys: {
        enabled: {
          kind: "boolean",
          name: "banking_reminder_enabled",
          storage: "banking_reminder_enabled",
          label: "Send banking reminders",
          default: true,
        },
        firstLeadDays: {
          kind: "integer",
          name: "banking_reminder_first_days",
          storage: "banking_reminder_first_days",
          label: "First reminder (days before the deadline)",
          unit: "days",
          min: 1,
          max: 180,
          default: 30,
        },
        secondLeadDays: {
          kind: "integer",
          name: "banking_reminder_second_days",
          storage: "banking_reminder_second_days",
          label: "Second reminder (days before the deadline, 0 for none)",
          unit: "days",
          min: 0,
          max: 179,
          default: 7,
        },
      },
      check: (v) =>
        Number(v.secondLeadDays) > 0 && Number(v.secondLeadDays) >= Number(v.firstLeadDays)
          ? {
              secondLeadDays:
                "The second reminder must come closer to the deadline than the first: enter fewer days, or 0.",
            }
          : null,
      saved: (v) =>
        v.enabled
          ? `Banking reminder saved: ${v.firstLeadDays} days${Number(v.secondLeadDays) > 0 ? ` and ${v.secondLeadDays} days` : ""} before the deadline.`
          : "Banking reminder saved: switched off.",
    },
    {
      id: "repost",
      title: "Repost",
      submitLabel: "Save repost",
      description:
        "Every morning, active listings not posted or reposted for this many days are reposted automatically (given today's date, as the Repost button does), up to the number of automatic reposts a listing may get. Reposts made on the Reposts screen do not count toward it.",
      keys: {
        enabled: {
          kind: "boolean",
          name: "auto_repost_enabled",
          storage: "auto_repost_enabled",
          label: "Repost listings automatically",
          default: false,
        },
        afterDays: {
          kind: "integer",
          name: "auto_repost_after_days",
          storage: "auto_repost_after_days",
          label: "Repost after (days since the last post or repost)",
          unit: "days",
          min: 1,
          max: 365,
          default: 30,
        },
        maxPerListing: {
          kind: "integer",
          name: "auto_repost_max_per_listing",
          storage: "auto_repost_max_per_listing",
          label: "Automatic reposts a listing may get",
          unit: "reposts",
          min: 1,
          max: 100,
          default: 3,
        },
        perRun: {
          kind: "integer",
          name: "auto_repost_per_run",
          storage: "auto_repost_per_run",
          label: "Listings reposted each morning, at most",
          unit: "listings",
          min: 1,
          max: 1000,
          default: 50,
        },
      },
      saved: (v) =>
        v.enabled
          ? `Repost saved: listings are reposted after ${v.afterDays} days, at most ${v.maxPerListing} times each, ${v.perRun} a morning at most.`
          : "Repost saved: automatic reposts are off.",
    },
    {
      id: "offers",
      title: "Offers and who pays",
      submitLabel: "Save offers",
      description:
        "How long an offer or a counter-offer stands before it expires (a reminder goes out halfway), how many open offers a buyer may have unless their account says otherwise, and who pays the current year's dues and the closing costs when an offer does not say.",
      keys: {
        expiryHours: {
          kind: "integer",
          name: "offer_expiry_hours",
          storage: "offer_expiry_hours",
          label: "An offer stands for (hours)",
          unit: "hours",
          min: 1,
          max: 336,
          default: 48,
        },
        allowedOffers: {
          kind: "integer",
          name: "offers_allowed_default",
          storage: "offers_allowed_default",
          label: "Open offers a buyer may have",
          unit: "offers",
          min: 0,
          max: 100,
          default: 5,
        },
        // By custom the buyer reimburses the current year's dues and pays the closing costs (DOMAIN.md).
        whoPaysDues: {
          kind: "select",
          name: "who_pays_dues",
          storage: "who_pays_dues",
          label: "Current year's dues paid by",
          options: PAYER_OPTIONS,
          default: "buyer",
          message: "Choose who pays the current year's dues: the buyer, the seller, or split evenly.",
        },
        whoPaysClosingCosts: {
          kind: "select",
          name: "who_pays_closing_costs",
          storage: "who_pays_closing_costs",
          label: "Closing costs paid by",
          options: PAYER_OPTIONS,
          default: "buyer",
          message: "Choose who pays the closing costs: the buyer, the seller, or split evenly.",
        },
      },
      saved: (v) =>
        `Offers saved: offers stand ${v.expiryHours} hours, ${v.allowedOffers} open offers a buyer by default.`,
    },
    {
      id: "agreement",
      title: "Agreement",
      description:
        "The deposit the buyer wires to the title company's escrow once both sides have signed: a percent of the price, never less than the minimum (nor more than the price), and the hours the buyer has to wire it. A reminder goes out halfway; at the deadline the administrators are told. Agreements already sent keep their deposit.",
      // DOMAIN.md: commonly 10%, at least $1,000, wired within 24-72 hours.
      keys: {
        depositPercent: {
          kind: "percent",
          decimals: 0,
          name: "deposit_percent",
          storage: "agreement_deposit_percent",
          label: "Deposit (percent of the price)",
          min: 1,
          max: 100,
          default: 10,
        },
        depositMinimumCents: {
          kind: "money",
          name: "deposit_minimum",
          storage: "agreement_deposit_minimum_cents",
          label: "Minimum deposit (dollars)",
          min: 0,
          max: 10_000_000,
          default: 100_000,
        },
        depositHours: {
          kind: "integer",
          name: "deposit_hours",
          storage: "agreement_deposit_hours",
          label: "Hours to wire it",
          unit: "hours",
          min: 1,
          max: 720,
          default: 72,
        },
      },
      saved: (v) => `Agreement saved: ${depositWords(v)}.`,
    },
    {
      id: "marketing",
      title: "Marketing",
      description:
        "How marketing campaigns are sent (/admin/marketing/emails): in batches of this many addresses, at most this many mails a minute. Unsubscribes are checked again before every batch.",
      keys: {
        batchSize: {
          kind: "integer",
          name: "marketing_batch_size",
          storage: "marketing_batch_size",
          label: "Addresses per batch",
          unit: "addresses",
          min: 1,
          max: 1000,
          default: 50,
        },
        perMinute: {
          kind: "integer",
          name: "marketing_per_minute",
          storage: "marketing_per_minute",
          label: "Mails a minute at most",
          unit: "mails",
          min: 1,
          max: 10_000,
          default: 200,
        },
      },
      saved: (v) =>
        `Marketing saved: batches of ${formatNumber(Number(v.batchSize))}, at most ${formatNumber(Number(v.perMinute))} mails a minute.`,
    },
    {
      id: "fees",
      title: "Admin fees",
      description:
        "What the closing statements use: the commission taken from the seller's proceeds (a seller's own adjusted commission in their settings wins), and the estoppel fee and the seller's closing fee when the title company's cost table gives none.",
      // DOMAIN.md: commission typically 6.9%-10%; estoppel fee about $150; the seller's closing about $200-$400.
      keys: {
        commissionPercent: {
          kind: "percent",
          decimals: 2,
          name: "commission_percent",
          storage: "admin_fee_commission_bps",
          label: "Commission (percent of the price)",
          min: 0,
          max: 25,
          default: 8,
        },
        commissionMinimumCents: {
          kind: "money",
          name: "commission_minimum",
          storage: "admin_fee_commission_minimum_cents",
          label: "Minimum commission",
          min: 0,
          max: 1_000_000,
          default: 0,
        },
        estoppelFeeCents: {
          kind: "money",
          name: "estoppel_fee",
          storage: "admin_fee_estoppel_cents",
          label: "Estoppel fee",
          min: 0,
          max: 200_000,
          default: 15_000,
        },
        sellerClosingFeeCents: {
          kind: "money",
          name: "seller_closing_fee",
          storage: "admin_fee_seller_closing_cents",
          label: "Seller's closing fee",
          min: 0,
          max: 500_000,
          default: 30_000,
        },
      },
      saved: (v) => `Admin fees saved: ${feeWords(v)}.`,
    },
  ],
});

export type Payer = (typeof PAYER_OPTIONS)[number]["value"];
export type OfferTweaks = SectionValues<SectionOf<typeof TWEAKS, "offers">>;
export type AgreementTweaks = SectionValues<SectionOf<typeof TWEAKS, "agreement">>;
export type MarketingTweaks = SectionValues<SectionOf<typeof TWEAKS, "marketing">>;
export type FeeTweaks = SectionValues<SectionOf<typeof TWEAKS, "fees">>;
export type BankingReminderTweaks = SectionValues<SectionOf<typeof TWEAKS, "banking-reminder">>;
export type RepostTweaks = SectionValues<SectionOf<typeof TWEAKS, "repost">>;

/** The agreement section in words (its toast). */
function depositWords(t: Record<string, unknown>) {
  return `deposit ${t.depositPercent}% (at least ${formatPrice(Number(t.depositMinimumCents))}) within ${t.depositHours} hours`;
}

/** The admin fees section in words (its toast). */
function feeWords(t: Record<string, unknown>) {
  return `commission ${t.commissionPercent}% (at least ${formatPrice(Number(t.commissionMinimumCents))}), estoppel fee ${formatPrice(Number(t.estoppelFeeCents))}, seller's closing fee ${formatPrice(Number(t.sellerClosingFeeCents))}`;
}

/**
 * The site's commission as every page states it (the quick facts, the seller guides, the sign-up promise, the
 * commission text call): "8% of the price", with the minimum when one is set ("8% of the price, at least $1,500").
 * The closing statement charges the same figure (`applicableCommission`), so what is promised is what is taken.
 */
export function commissionWords(fees: Pick<FeeTweaks, "commissionPercent" | "commissionMinimumCents">): string {
  const minimum = fees.commissionMinimumCents > 0 ? `, at least ${formatPrice(fees.commissionMinimumCents)}` : "";
  return `${formatPercent(fees.commissionPercent)} of the price${minimum}`;
}
