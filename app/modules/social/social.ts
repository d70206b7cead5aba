/**
 * Issue 33 (decision 0086): the cookie prompt's answer and what a page renders of the Facebook settings. The root
 * layout imports its type only (the pages' JavaScript budget). Safe for the browser.
 */

/** The cookie a visitor's answer to the prompt is kept in (a year): "accepted" or "declined". */
export const CONSENT_COOKIE = "vpm_consent";
export type Consent = "accepted" | "declined" | null;

/** The answer in a Cookie header, or null when the visitor has not answered. */
export function consentFromCookieHeader(cookie: string | null | undefined): Consent {
  const m = /(?:^|;\s*)vpm_consent=(accepted|declined)(?:;|$)/.exec(cookie ?? "");
  return m ? (m[1] as Consent) : null;
}

/** What the pages render (root loader): the tags, the prompt, and the pixel once accepted. */
export type SocialShell = {
  appId: string | null;
  domainVerification: string | null;
  /** The pixel id when the visitor accepted; null otherwise. */
  pixelId: string | null;
  /** True when a pixel is set and the visitor has not answered: the prompt shows. */
  askConsent: boolean;
  /** The prompt's HTML, made on the server (with `askConsent`); null otherwise. */
  promptHtml: string | null;
  /** Meta's snippet for `pixelId` (the visitor accepted); null otherwise. */
  pixelScript: string | null;
};

/** The origins the pixel loads its script from and sends its events to (the CSP names them only with a pixel). */
export const PIXEL_SCRIPT_ORIGIN = "https://connect.facebook.net";
export const PIXEL_EVENT_ORIGIN = "https://www.facebook.com";
