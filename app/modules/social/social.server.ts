import type { Db, Tx } from "~/db/client.server";
import { readSettingsSection } from "~/modules/admin/settings.server";
import { consentFromCookieHeader, type SocialShell } from "./social";
import { SOCIAL_SETTINGS, type SocialSettings } from "./social-settings.schema";

/** The Facebook settings as saved on /admin/fb-settings (empty strings when unset). */
export function getSocialSettings(db: Db | Tx): Promise<SocialSettings> {
  return readSettingsSection(db, SOCIAL_SETTINGS, "facebook");
}

/** Pages the tags, the prompt and the pixel stay off: the back office, the account pages, the API. */
const PRIVATE = /^\/(admin|api|profile|account)(\/|$)/;

/**
 * What a page renders of the Facebook settings: the app id and verification tags when set; on public pages with a
 * pixel id, the prompt (no answer yet) or the pixel (accepted). A visitor's answer is the `vpm_consent` cookie.
 */
export async function getSocialShell(
  db: Db | Tx,
  opts: { pathname: string; cookie: string | null },
): Promise<SocialShell> {
  const s = await getSocialSettings(db);
  const consent = consentFromCookieHeader(opts.cookie);
  const pixel = s.pixelId !== "" && !PRIVATE.test(opts.pathname);
  return {
    appId: s.appId || null,
    domainVerification: s.domainVerification || null,
    pixelId: pixel && consent === "accepted" ? s.pixelId : null,
    askConsent: pixel && consent === null,
  };
}
