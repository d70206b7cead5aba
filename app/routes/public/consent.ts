import { href, redirect } from "react-router";
import { readForm } from "~/lib/action.server";
import { REFUSED_HEADER } from "~/lib/page-cache.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { CONSENT_COOKIE } from "~/modules/social/social";
import type { Route } from "./+types/consent";

/**
 * POST /consent (issue 33, decision 0086): the cookie prompt's answer, "accept" or "decline", kept a year in the
 * `vpm_consent` cookie; back to the page it was given on. A plain form post: it works without JavaScript and the
 * pages ship no script for it. It changes no data, so the page caches stay (REFUSED_HEADER: no write).
 */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (JSON, garbage) reads as an empty form: the 400 below, never a 500.
  const form = await readForm(request);
  const choice = form.get("choice");
  if (choice !== "accept" && choice !== "decline") {
    return new Response("Choose Accept or Decline.", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  // Back where it was posted from (after client-side navigation, a later page than the one the prompt was made for).
  const referer = request.headers.get("referer");
  const fromReferer =
    referer && URL.canParse(referer) && new URL(referer).origin === new URL(request.url).origin
      ? safeRedirectPath(new URL(referer).pathname + new URL(referer).search)
      : null;
  const back = fromReferer ?? safeRedirectPath(form.get("returnTo")) ?? href("/");
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = choice === "accept" ? "accepted" : "declined";
  return redirect(back, {
    status: 303,
    headers: {
      "Set-Cookie": `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`,
      [REFUSED_HEADER]: "no-data-change",
      "Cache-Control": "no-store",
    },
  });
}

/** A GET of the address (a bookmark, a crawler): the home page. */
export const loader = () => redirect(href("/"));
