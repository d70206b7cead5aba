/**
 * Issue 33 (decision 0086): the cookie prompt's answer and the Meta Pixel's snippet. Imported by the root layout, so it
 * imports nothing (the pages' JavaScript budget). Safe for the browser.
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
};

/** The Meta Pixel's base code (Meta's snippet, with the id as a JSON string): run only with the visitor's consent. */
export function pixelScript(pixelId: string): string {
  const id = JSON.stringify(pixelId);
  return `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${id});fbq('track','PageView');`;
}

/** The origins the pixel loads its script from and sends its events to (the CSP names them only with a pixel). */
export const PIXEL_SCRIPT_ORIGIN = "https://connect.facebook.net";
export const PIXEL_EVENT_ORIGIN = "https://www.facebook.com";
