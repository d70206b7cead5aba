import type { SocialShell } from "~/modules/social/social";

/**
 * Issue 33 (decision 0086): what the Facebook settings (/admin/fb-settings) put into a page, each only when set: the
 * `fb:app_id` and domain verification tags, the cookie prompt (a pixel is set and the visitor has not answered) and
 * the Meta Pixel (the visitor accepted). The prompt's HTML and the pixel's snippet come from the server (root
 * loader): the pages carry no code of theirs.
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

export function ConsentPrompt({ social }: { social: SocialShell }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup (consent-prompt.server.tsx)
  return social.promptHtml ? <div dangerouslySetInnerHTML={{ __html: social.promptHtml }} /> : null;
}

export function SocialPixel({ social, nonce }: { social: SocialShell; nonce: string | undefined }) {
  if (!social.pixelId || !social.pixelScript) return null;
  // The browser hides a nonce's value once the page is parsed: the attribute differs when React hydrates.
  return (
    <script
      nonce={nonce}
      data-meta-pixel={social.pixelId}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: Meta's snippet with the id as a JSON string (social.server.ts)
      dangerouslySetInnerHTML={{ __html: social.pixelScript }}
    />
  );
}
