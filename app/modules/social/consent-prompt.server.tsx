import { renderToStaticMarkup } from "react-dom/server";
import { href } from "react-router";

/**
 * Issue 33 (decision 0086): the cookie prompt, made on the server as HTML that the root layout puts into the page
 * (pages' JavaScript budget: the browser gets no code for it). A plain form posted to /consent, which goes back to
 * the page it was posted from (its Referer; `returnTo`, the page the prompt was made for, otherwise).
 */
export function consentPromptHtml(returnTo: string): string {
  return renderToStaticMarkup(<ConsentPrompt returnTo={returnTo} />);
}

function ConsentPrompt({ returnTo }: { returnTo: string }) {
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
          <input type="hidden" name="returnTo" value={returnTo} />
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
