import { data, redirect } from "react-router";
import { requireAbility, requireUser } from "~/auth/session.server";
import type { Viewer } from "~/auth/abilities";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";

/**
 * The viewer of an admin user screen: an administrator (writers and everyone else are sent away), or null
 * while impersonating (the admin layout shows its notice instead of the page).
 */
export async function userAdminViewer(request: Request): Promise<Viewer | null> {
  const me = await requireUser(request);
  if (me.impersonatedBy) return null;
  const { viewer } = await requireAbility(request, "manage", "User");
  return viewer;
}

/** An action's viewer: the same check, and impersonating administrators are refused too. */
export async function userAdminActor(request: Request): Promise<Viewer> {
  const { viewer } = await requireAbility(request, "manage", "User");
  return viewer;
}

/**
 * Runs an admin change: on success a 303 to `to` with the message as a toast; a service's refusal is a 4xx
 * `{ error, fields }` for the page to show. Anything else is rethrown.
 */
export async function replyToUserAction(to: string, work: () => Promise<string>) {
  try {
    const message = await work();
    const headers = await setFlash(new Headers(), { kind: "success", message });
    return redirect(to, { headers, status: 303 });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: err.message, fields: err.fields ?? null }, { status: err.status });
  }
}

/**
 * The page's own path and query string (a list keeps its filters after an action). A submission from the
 * browser reaches the action as `<path>.data` (React Router's single fetch): that suffix and its `_routes`
 * parameter are not part of the page's address.
 */
export function samePlace(request: Request) {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const qs = url.searchParams.toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}
