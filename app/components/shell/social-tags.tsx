import { href, useLocation } from "react-router";
import { pixelScript, type SocialShell } from "~/modules/social/social";

/**
 * Issue 33 (decision 0086): what the Facebook settings (/admin/fb-settings) put into a page, each only when set: the
 * `fb:app_id` and domain verification tags, the cookie prompt (a pixel is set and the visitor has not answered) and
 * the Meta Pixel (the visitor accepted). No client code: the prompt is a plain form posted to /consent, and the pixel
 * is the server's inline script with the page's nonce.
 */
export function SocialHead({ social }: { social: SocialShell }) {
  return (
    <>
      {social.appId ? <meta property="fb:app_id" content={social.appId} /> : null}
      {social.domainVerification ? (
        <meta name="facebook-domain-verification" content={social.domainVerification} />
      ) : null}
    </>
  );
}

export function SocialPixel({ social, nonce }: { social: SocialShell; nonce: string | undefined }) {
  if (!social.pixelId) return null;
  // Rendered by the server only (the script has run once hydration starts; the browser hides a nonce's value).
  return (
    <script
      nonce={nonce}
      data-meta-pixel={social.pixelId}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: Meta's snippet with the id as a JSON string, no input of a visitor
      dangerouslySetInnerHTML={{ __html: pixelScript(social.pixelId) }}
    />
  );
}

export function ConsentPrompt({ social }: { social: SocialShell }) {
  const location = useLocation();
  if (!social.askConsent) return null;
  return (
    // In the page's flow, above everything: it covers nothing, and hides no focused element (WCAG 2.4.11).
    <section aria-labelledby="consent-title" className="border-b border-slate-300 bg-amber-50 text-sm text-slate-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 md:flex-row md:items-center md:gap-4">
        <div className="flex-1">
          <h2 id="consent-title" className="font-semibold">
            Marketing cookies
          </h2>
          <p>
            With your consent we load Meta's pixel, which sets cookies to measure our Facebook ads. Nothing is loaded
            unless you accept. See our{" "}
            <a href={href("/privacy-policy")} className="text-sky-800 underline">
              privacy policy
            </a>
            .
          </p>
        </div>
        <form method="post" action={href("/consent")} className="flex shrink-0 gap-2">
          <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            name="choice"
            value="accept"
            className="rounded-md bg-sky-800 px-4 py-2 font-medium text-white hover:bg-sky-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-800"
          >
            Accept
          </button>
          <button
            type="submit"
            name="choice"
            value="decline"
            className="rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-800"
          >
            Decline
          </button>
        </form>
      </div>
    </section>
  );
}
