import type { Db, Tx } from "~/db/client.server";
import { landingPathFor, type Viewer } from "~/auth/abilities";
import type { ScoreThresholds } from "~/lib/format";
import type { ScoreWeights } from "~/modules/listings/score";
import { sharedRead } from "~/lib/shared-reads.server";
import { readSettingsSection, saveSettingsSection } from "~/modules/admin/settings.server";
import {
  type AgreementTweaks,
  type BankingReminderTweaks,
  commissionWords,
  type FeeTweaks,
  type OfferTweaks,
  monthNumberOf,
  type MySettings,
  type RepostTweaks,
  TWEAKS,
  type YearsTweaks,
} from "./tweaks.schema";

/**
 * The tweaks' readers for the code each section governs: thin names over the one typed accessor
 * (`readSettingsSection(db, TWEAKS, id)`), kept because many modules call them. Pass the transaction when inside one.
 */

/** The "admin fees" tweaks (commission, estoppel and the seller's closing fee), for the closing statement. */
export function getFeeTweaks(db: Db | Tx): Promise<FeeTweaks> {
  return readSettingsSection(db, TWEAKS, "fees");
}

/** The site's commission, from the admin fees tweaks: the one accessor every page that states it reads. */
export type SiteCommission = { percent: number; minimumCents: number; words: string };

export async function getSiteCommission(db: Db | Tx): Promise<SiteCommission> {
  const fees = await getFeeTweaks(db);
  return { percent: fees.commissionPercent, minimumCents: fees.commissionMinimumCents, words: commissionWords(fees) };
}

/**
 * The fees and the deposit tweaks for a page's figures (the estimates before an agreement, an agreement's closing
 * statement): shared reads, kept until the change feed moves (decision 0098). Never inside a transaction: what is
 * agreed or sealed reads `getFeeTweaks` and `getAgreementTweaks` in its own.
 */
export function getFeeTweaksForPage(db: Db): Promise<FeeTweaks> {
  return sharedRead("settings:fees", () => getFeeTweaks(db));
}

export function getAgreementTweaksForPage(db: Db): Promise<AgreementTweaks> {
  return sharedRead("settings:agreement", () => getAgreementTweaks(db));
}

/** The agreement tweaks (the deposit), for the agreements module's own use. */
export function getAgreementTweaks(db: Db | Tx): Promise<AgreementTweaks> {
  return readSettingsSection(db, TWEAKS, "agreement");
}

/** The offers and "who pays" tweaks, for the offers module's own use (no actor: every offer reads them). */
export function getOfferTweaks(db: Db | Tx): Promise<OfferTweaks> {
  return readSettingsSection(db, TWEAKS, "offers");
}

/** Days without activity before a seller with active listings counts as inactive (the staff module's list). */
export async function getInactiveUserDays(db: Db | Tx): Promise<number> {
  return (await readSettingsSection(db, TWEAKS, "inactive-users")).days;
}

/** The site-wide switch "two-factor authentication is required for administrators". */
export async function isAdminTwoFactorRequired(db: Db | Tx): Promise<boolean> {
  return (await readSettingsSection(db, TWEAKS, "security")).requireAdminTwoFactor;
}

/** The banking reminder job's switch and lead times (issue 33). */
export function getBankingReminderTweaks(db: Db | Tx): Promise<BankingReminderTweaks> {
  return readSettingsSection(db, TWEAKS, "banking-reminder");
}

/** The automatic repost job's switch, interval and limits (issue 33). */
export function getRepostTweaks(db: Db | Tx): Promise<RepostTweaks> {
  return readSettingsSection(db, TWEAKS, "repost");
}

/** Saves one section of the tweaks (the form's `intent`) as an administrator: the engine's save, named. */
export function saveTweaks(
  deps: Parameters<typeof saveSettingsSection>[0],
  args: { actor: Viewer; input: Record<string, unknown> },
) {
  return saveSettingsSection(deps, { ...args, decl: TWEAKS });
}

/** The score's weights from the "Blog and good deal meter" tweaks: what every score computation uses. */
export async function getScoreWeights(db: Db | Tx): Promise<ScoreWeights> {
  const t = await readSettingsSection(db, TWEAKS, "deal-meter");
  return {
    scorePerSpread: t.scorePerSpread,
    minComparables: t.minComparables,
    minSpreadShare: t.minSpreadPercent / 100,
  };
}

/** The good deal meter's thresholds (where each band starts), for every page that shows a score. */
export async function getScoreThresholds(db: Db | Tx): Promise<ScoreThresholds> {
  const t = await readSettingsSection(db, TWEAKS, "deal-meter");
  return { greatFrom: t.greatFrom, goodFrom: t.goodFrom, fairFrom: t.fairFrom, aboveFrom: t.aboveFrom };
}

/** The "Years" tweaks: the use-year months the site offers (short names, "Feb") and the copyright's first year. */
export function getYearsTweaks(db: Db | Tx): Promise<YearsTweaks> {
  return readSettingsSection(db, TWEAKS, "years");
}

/** The use-year months the site offers, as month numbers (2 for February), in calendar order. */
export async function getOfferedUseMonths(db: Db | Tx): Promise<number[]> {
  return (await getYearsTweaks(db)).useMonths.map(monthNumberOf);
}

/** "My settings" (decision 0093): the signed-in person's own preferences, the defaults until they save them. */
export function getMySettings(db: Db | Tx, userId: string): Promise<MySettings> {
  return readSettingsSection(db, TWEAKS, "my-settings", { userId });
}

const HOME_PATHS: Record<MySettings["homePage"], string> = {
  "offer-dashboard": "/admin/offer-dashboard",
  dashboard: "/admin/dashboard",
};

/**
 * Where a person lands after signing in and from the admin logo: an administrator's own choice ("My settings"),
 * everyone else as `landingPathFor` says.
 */
export async function landingPathOf(db: Db | Tx, viewer: Viewer): Promise<string> {
  if (viewer.role !== "admin" || viewer.impersonatedBy) return landingPathFor(viewer);
  return HOME_PATHS[(await getMySettings(db, viewer.id)).homePage];
}

/** The rows a page a person chose for the admin lists, or null for each list's own. */
export async function myRowsPerPage(db: Db | Tx, userId: string): Promise<number | null> {
  const rows = (await getMySettings(db, userId)).rowsPerPage;
  return rows > 0 ? rows : null;
}
