import { data, redirect } from "react-router";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import type { Viewer } from "~/auth/abilities";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";

/**
 * The viewer of an admin user screen: an administrator (writers and everyone else are sent away), or null
 * while impersonating (the admin layout shows its notice instead of the page).
 */
export async function userAdminViewer(request: Request): Promise<Viewer | null> {
  return (await requireAdminPage(request, "manage", "User"))?.viewer ?? null;
}

/** An action's viewer: the same check, and impersonating administrators are refused too. */
export async function userAdminActor(request: Request): Promise<Viewer> {
  const { viewer } = await requireAbility(request, "manage", "User");
  return viewer;
}

/**
 * @deprecated Use `handleAction` (`~/lib/action.server`). Kept only for app/routes/admin/admins.tsx, which is being
 * replaced in another branch; delete it once that lands.
 *
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
