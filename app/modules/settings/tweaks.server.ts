import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { STAFF_QUEUES } from "~/modules/staff/staff.jobs.server";
import type { Db, Tx } from "~/db/client.server";
import {
  AGREEMENT_TWEAK_KEYS,
  type AgreementTweaks,
  agreementTweaksOf,
  commissionWords,
  FEE_TWEAK_KEYS,
  type FeeTweaks,
  feeTweaksOf,
  inactiveUserDaysOf,
  OFFER_TWEAK_KEYS,
  type OfferTweaks,
  offerTweaksOf,
  requireAdminTwoFactorOf,
  TWEAK_KEYS,
  type TweakInput,
  TweakSchema,
  type Tweaks,
} from "./tweaks.schema";
import { selectSettingValues, writeSetting } from "./tweaks.queries.server";
import { formatPrice } from "~/lib/format";

type Deps = Pick<Services, "db">;
type SaveDeps = Deps & Partial<Pick<Services, "jobs">>;

function requireTweaksAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("manage", "all")) {
    throw new AppError("FORBIDDEN", "Only administrators change the site's tweaks.");
  }
}

/** The tweaks of /admin/tweaks as stored (defaults when a key is missing or out of range). */
export async function getTweaks(deps: Deps, args: { actor: Viewer }): Promise<Tweaks> {
  requireTweaksAdmin(args.actor);
  const v = await selectSettingValues(deps.db, Object.values(TWEAK_KEYS));
  return {
    inactiveUserDays: inactiveUserDaysOf(v[TWEAK_KEYS.inactiveUserDays]),
    requireAdminTwoFactor: requireAdminTwoFactorOf(v[TWEAK_KEYS.requireAdminTwoFactor]),
    offers: await getOfferTweaks(deps.db),
    agreement: await getAgreementTweaks(deps.db),
    fees: await getFeeTweaks(deps.db),
  };
}

/** The "admin fees" tweaks (commission, estoppel and the seller's closing fee), for the closing statement. */
export async function getFeeTweaks(db: Db | Tx): Promise<FeeTweaks> {
  return feeTweaksOf(await selectSettingValues(db, Object.values(FEE_TWEAK_KEYS)));
}

/** The site's commission, from the admin fees tweaks: the one accessor every page that states it reads. */
export type SiteCommission = { percent: number; minimumCents: number; words: string };

export async function getSiteCommission(db: Db | Tx): Promise<SiteCommission> {
  const fees = await getFeeTweaks(db);
  return { percent: fees.commissionPercent, minimumCents: fees.commissionMinimumCents, words: commissionWords(fees) };
}

/** The agreement tweaks (the deposit), for the agreements module's own use. */
export async function getAgreementTweaks(db: Db | Tx): Promise<AgreementTweaks> {
  return agreementTweaksOf(await selectSettingValues(db, Object.values(AGREEMENT_TWEAK_KEYS)));
}

/**
 * The offers and "who pays" tweaks, for the offers module's own use (no actor: every offer reads them). Pass the
 * transaction when inside one.
 */
export async function getOfferTweaks(db: Db | Tx): Promise<OfferTweaks> {
  return offerTweaksOf(await selectSettingValues(db, Object.values(OFFER_TWEAK_KEYS)));
}

const OFFER_TWEAK_WORDS: Record<keyof OfferTweaks, string> = {
  expiryHours: "offer hours",
  allowedOffers: "open offers allowed",
  whoPaysDues: "dues paid by",
  whoPaysClosingCosts: "closing costs paid by",
};

/** Saves one section of /admin/tweaks and journals the change, in one transaction. */
export async function saveTweaks(deps: SaveDeps, args: { actor: Viewer; input: unknown }) {
  requireTweaksAdmin(args.actor);
  const parsed = TweakSchema.safeParse(args.input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw new AppError(
      "BAD_INPUT",
      parsed.error.issues[0]?.message ?? "Please correct the highlighted fields.",
      fields,
    );
  }
  const input: TweakInput = parsed.data;
  const saved = await deps.db.transaction(async (tx) => {
    const before = await selectSettingValues(tx, Object.values(TWEAK_KEYS));
    if (input.intent === "inactive-users") {
      const from = inactiveUserDaysOf(before[TWEAK_KEYS.inactiveUserDays]);
      const to = input.inactive_user_days;
      await writeSetting(tx, TWEAK_KEYS.inactiveUserDays, to);
      await recordActivity(tx, {
        userId: args.actor.id,
        actor: args.actor,
        kind: "settings.tweaks",
        facts: { inactiveDays: { from, to } },
        data: { key: TWEAK_KEYS.inactiveUserDays, from, to },
      });
      return { section: input.intent, message: `Inactive users period saved: ${to} days.` };
    }
    if (input.intent === "offers") {
      const from = offerTweaksOf(await selectSettingValues(tx, Object.values(OFFER_TWEAK_KEYS)));
      const to: OfferTweaks = {
        expiryHours: input.offer_expiry_hours,
        allowedOffers: input.offers_allowed_default,
        whoPaysDues: input.who_pays_dues,
        whoPaysClosingCosts: input.who_pays_closing_costs,
      };
      await writeSetting(tx, OFFER_TWEAK_KEYS.expiryHours, to.expiryHours);
      await writeSetting(tx, OFFER_TWEAK_KEYS.allowedOffers, to.allowedOffers);
      await writeSetting(tx, OFFER_TWEAK_KEYS.whoPaysDues, to.whoPaysDues);
      await writeSetting(tx, OFFER_TWEAK_KEYS.whoPaysClosingCosts, to.whoPaysClosingCosts);
      const changes = (Object.keys(to) as (keyof OfferTweaks)[])
        .filter((k) => from[k] !== to[k])
        .map((k) => `${OFFER_TWEAK_WORDS[k]} ${from[k]} → ${to[k]}`);
      await recordActivity(tx, {
        userId: args.actor.id,
        actor: args.actor,
        kind: "settings.tweaks",
        facts: { offers: changes },
        data: { section: "offers", from, to },
      });
      return {
        section: input.intent,
        message: `Offers saved: offers stand ${to.expiryHours} hours, ${to.allowedOffers} open offers a buyer by default.`,
      };
    }
    if (input.intent === "agreement") {
      const from = agreementTweaksOf(await selectSettingValues(tx, Object.values(AGREEMENT_TWEAK_KEYS)));
      const to: AgreementTweaks = {
        depositPercent: input.deposit_percent,
        depositMinimumCents: input.deposit_minimum * 100,
        depositHours: input.deposit_hours,
      };
      await writeSetting(tx, AGREEMENT_TWEAK_KEYS.depositPercent, to.depositPercent);
      await writeSetting(tx, AGREEMENT_TWEAK_KEYS.depositMinimumCents, to.depositMinimumCents);
      await writeSetting(tx, AGREEMENT_TWEAK_KEYS.depositHours, to.depositHours);
      const words = (t: AgreementTweaks) =>
        `deposit ${t.depositPercent}% (at least ${formatPrice(t.depositMinimumCents)}) within ${t.depositHours} hours`;
      await recordActivity(tx, {
        userId: args.actor.id,
        actor: args.actor,
        kind: "settings.tweaks",
        facts: { agreement: words(from) === words(to) ? [] : [`${words(from)} → ${words(to)}`] },
        data: { section: "agreement", from, to },
      });
      return { section: input.intent, message: `Agreement saved: ${words(to)}.` };
    }
    if (input.intent === "fees") {
      const from = feeTweaksOf(await selectSettingValues(tx, Object.values(FEE_TWEAK_KEYS)));
      const to: FeeTweaks = {
        commissionPercent: Math.round(input.commission_percent * 100) / 100,
        commissionMinimumCents: input.commission_minimum * 100,
        estoppelFeeCents: input.estoppel_fee * 100,
        sellerClosingFeeCents: input.seller_closing_fee * 100,
      };
      await writeSetting(tx, FEE_TWEAK_KEYS.commissionBps, Math.round(to.commissionPercent * 100));
      await writeSetting(tx, FEE_TWEAK_KEYS.commissionMinimumCents, to.commissionMinimumCents);
      await writeSetting(tx, FEE_TWEAK_KEYS.estoppelFeeCents, to.estoppelFeeCents);
      await writeSetting(tx, FEE_TWEAK_KEYS.sellerClosingFeeCents, to.sellerClosingFeeCents);
      const words = (t: FeeTweaks) =>
        `commission ${t.commissionPercent}% (at least ${formatPrice(t.commissionMinimumCents)}), estoppel fee ${formatPrice(t.estoppelFeeCents)}, seller's closing fee ${formatPrice(t.sellerClosingFeeCents)}`;
      await recordActivity(tx, {
        userId: args.actor.id,
        actor: args.actor,
        kind: "settings.tweaks",
        facts: { fees: words(from) === words(to) ? [] : [`${words(from)} → ${words(to)}`] },
        data: { section: "fees", from, to },
      });
      return { section: input.intent, message: `Admin fees saved: ${words(to)}.` };
    }
    const from = requireAdminTwoFactorOf(before[TWEAK_KEYS.requireAdminTwoFactor]);
    const to = input.require_admin_two_factor;
    await writeSetting(tx, TWEAK_KEYS.requireAdminTwoFactor, to);
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "settings.tweaks",
      category: "security",
      facts: { adminTwoFactor: to },
      data: { key: TWEAK_KEYS.requireAdminTwoFactor, from, to },
    });
    return {
      section: input.intent,
      message: to
        ? "Security saved: administrators must now use two-factor authentication."
        : "Security saved: two-factor authentication is optional for administrators.",
    };
  });
  // A new period: rebuild the inactive users list now rather than at the next daily run.
  if (input.intent === "inactive-users") await deps.jobs?.send(STAFF_QUEUES.inactiveUsersRefresh, {});
  return saved;
}
