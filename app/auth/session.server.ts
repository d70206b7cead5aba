import { href, type MiddlewareFunction, redirect } from "react-router";
import { setFlash } from "~/lib/flash.server";
import { getServices } from "~/lib/runtime.server";
import { REFUSED_HEADER } from "~/lib/page-cache.server";
import { type Action, type AppAbility, defineAbilityFor, type Subject, type Viewer } from "./abilities";
import type { Auth } from "./auth.server";
import { selectSessionWithUser, touchSession, touchUserLastActive } from "./auth.queries.server";
import { readSession, type SessionCookieRules, type SessionRow } from "./session-read.server";

// One session lookup per request, however many loaders (root, layout, page) ask for it.
const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/** The signed-in person for this request, or null. */
export function getViewer(request: Request): Promise<Viewer | null> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = loadViewer(request);
    viewers.set(request, viewer);
  }
  return viewer;
}

/** How stale a session's "last active" time may get before a request refreshes it (and the person's last_active_at). */
export const ACTIVITY_REFRESH_MS = 5 * 60 * 1000;

async function loadViewer(request: Request): Promise<Viewer | null> {
  const { auth, db } = await getServices();
  const rules = await cookieRulesOf(auth);
  // The plain case is read here, one prepared statement; one better-auth writes to (an expired session it deletes,
  // one due to be extended) is better-auth's own (decision 0115).
  const fast = await readSession(request.headers, rules, (token) => selectSessionWithUser(db, token));
  const found = fast === undefined ? await sessionFromBetterAuth(auth, request) : fast;
  if (!found) return null;
  // "Last active" on the browser sessions list and the inactive-users check: at most one write per 5 minutes.
  const now = new Date();
  if (now.getTime() - found.updatedAt.getTime() > ACTIVITY_REFRESH_MS) {
    await touchSession(db, found.sessionId, now);
    // An administrator's impersonation is not the person's own activity.
    if (!found.impersonatedBy) await touchUserLastActive(db, found.userId, now);
  }
  return {
    id: found.userId,
    name: found.name,
    email: found.email,
    role: found.role as Viewer["role"],
    staffRole: found.staffRole as Viewer["staffRole"],
    userUniqid: found.userUniqid,
    emailVerified: found.emailVerified,
    impersonatedBy: found.impersonatedBy,
    shown: { profilePhotoPath: found.profilePhotoPath, isFeedbackGiven: found.isFeedbackGiven },
  };
}

const cookieRules = new WeakMap<Auth, Promise<SessionCookieRules>>();

/** better-auth's cookie names, secret and session ages, read once from its context. */
function cookieRulesOf(auth: Auth): Promise<SessionCookieRules> {
  let rules = cookieRules.get(auth);
  if (!rules) {
    rules = auth.$context.then((ctx) => ({
      secret: ctx.secret,
      sessionTokenCookie: ctx.authCookies.sessionToken.name,
      dontRememberCookie: ctx.authCookies.dontRememberToken.name,
      expiresInSeconds: ctx.sessionConfig.expiresIn,
      updateAgeSeconds: ctx.sessionConfig.updateAge,
    }));
    cookieRules.set(auth, rules);
  }
  return rules;
}

/** Cookies better-auth wrote while answering for a request (a session it extended), for the response to carry. */
const sessionCookies = new WeakMap<Request, string[]>();

/**
 * better-auth's own answer (it deletes an expired session, extends one due), in the fast read's shape. When it extends
 * a session it also writes the cookie anew with a fresh 30 days; the response carries it (`sessionCookieMiddleware`),
 * so someone who keeps using the site stays signed in, as better-auth intends.
 */
async function sessionFromBetterAuth(auth: Auth, request: Request): Promise<SessionRow | null> {
  const { headers: written, response: result } = await auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  const cookies = written?.getSetCookie() ?? [];
  if (cookies.length) sessionCookies.set(request, cookies);
  if (!result) return null;
  const u = result.user as typeof result.user & Record<string, unknown>;
  return {
    sessionId: result.session.id,
    expiresAt: new Date(result.session.expiresAt),
    updatedAt: new Date(result.session.updatedAt),
    impersonatedBy: (result.session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
    userId: u.id,
    name: u.name,
    email: u.email,
    emailVerified: Boolean(u.emailVerified),
    role: typeof u.role === "string" ? u.role : "buyer",
    staffRole: typeof u.staffRole === "string" ? u.staffRole : null,
    userUniqid: String(u.userUniqid ?? ""),
    profilePhotoPath: typeof u.profilePhotoPath === "string" ? u.profilePhotoPath : null,
    isFeedbackGiven: Boolean(u.isFeedbackGiven),
  };
}

function isApiRequest(request: Request) {
  const url = new URL(request.url);
  return url.pathname.startsWith("/api/") || (request.headers.get("accept") ?? "").includes("application/json");
}

/** A signed-in person, or a redirect to sign-in (a 401 for an API call). */
export async function requireUser(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (viewer) return viewer;
  if (isApiRequest(request)) throw Response.json({ error: "Please sign in first." }, { status: 401 });
  const url = new URL(request.url);
  throw redirect(`${href("/sign-in")}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, {
    headers: { [REFUSED_HEADER]: "sign-in" },
  });
}

/**
 * A signed-in person allowed to do `action` on `subject`; otherwise a redirect to `/`
 * (a 403 for an API call). Anonymous visitors are sent to sign in first.
 */
export async function requireAbility(
  request: Request,
  action: Action,
  subject: Subject,
): Promise<{ viewer: Viewer; ability: AppAbility }> {
  const viewer = await requireUser(request);
  const ability = defineAbilityFor(viewer);
  if (ability.can(action, subject as never)) return { viewer, ability };
  if (isApiRequest(request)) throw Response.json({ error: "You do not have permission to do that." }, { status: 403 });
  // Sent home, with a word why (issue 13): the home page shows it as a toast (a banner without JavaScript).
  const headers = await setFlash(new Headers(), { kind: "info", message: deniedMessage(viewer, request) });
  headers.set(REFUSED_HEADER, "not-allowed");
  throw redirect(href("/"), { headers });
}

/** Why a signed-in person was sent away from a page, and where their own pages are. */
export function deniedMessage(viewer: Viewer, request: Request) {
  const path = new URL(request.url).pathname;
  const staff = viewer.role === "admin" || viewer.staffRole !== null;
  if (path === "/admin" || path.startsWith("/admin/")) {
    return staff
      ? "That admin page is not part of your role, so we brought you to the home page. Your screens are under Admin in your account menu."
      : "That page is for the site's staff, so we brought you to the home page.";
  }
  if (path.startsWith("/v2/profile/inventory") || path.startsWith("/v2/profile/seller-") || path === "/required") {
    return "That page is for sellers, so we brought you to the home page. Your own pages are under My Profile.";
  }
  if (path.startsWith("/v2/profile/buyer-") || path.startsWith("/my-special-requests")) {
    return "That page is for buyers, so we brought you to the home page. Your own pages are under My Profile.";
  }
  return "You do not have access to that page, so we brought you to the home page.";
}

/**
 * The viewer of an admin page with the right to `action` on `subject`, or null while an administrator is signed in
 * as someone else: the admin layout then shows its impersonation notice instead of the page (SPEC section 4).
 * Anyone else without the right is sent away as by `requireAbility`.
 */
export async function requireAdminPage(
  request: Request,
  action: Action,
  subject: Subject,
): Promise<{ viewer: Viewer; ability: AppAbility } | null> {
  const viewer = await requireUser(request);
  if (viewer.impersonatedBy) return null;
  return requireAbility(request, action, subject);
}

/**
 * Root middleware: the cookies better-auth wrote while reading this request's session (an extended session's new
 * expiry, an expired one's removal) go out with the response, whichever loader asked first.
 */
export const sessionCookieMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const cookies = sessionCookies.get(request);
  if (!cookies?.length) return response;
  const sent = new Response(response.body, response);
  for (const cookie of cookies) sent.headers.append("Set-Cookie", cookie);
  return sent;
};
