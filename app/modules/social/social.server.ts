import type { Db, Tx } from "~/db/client.server";
import { readSettingsSection } from "~/modules/admin/settings.server";
import { sharedRead } from "~/lib/shared-reads.server";
import { consentPromptHtml } from "./consent-prompt.server";
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
  opts: { pathname: string; search?: string; cookie: string | null },
): Promise<SocialShell> {
  const s = await sharedRead("shell:social", () => getSocialSettings(db));
  const consent = consentFromCookieHeader(opts.cookie);
  const pixel = s.pixelId !== "" && !PRIVATE.test(opts.pathname);
  const pixelId = pixel && consent === "accepted" ? s.pixelId : null;
  const askConsent = pixel && consent === null;
  return {
    appId: s.appId || null,
    domainVerification: s.domainVerification || null,
    pixelId,
    askConsent,
    promptHtml: askConsent ? consentPromptHtml(`${opts.pathname}${opts.search ?? ""}`) : null,
    pixelScript: pixelId ? pixelScript(pixelId) : null,
  };
}

/** The Meta Pixel's base code (Meta's snippet, with the id as a JSON string): run only with the visitor's consent. */
export function pixelScript(pixelId: string): string {
  const id = JSON.stringify(pixelId);
  return `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${id});fbq('track','PageView');`;
}
