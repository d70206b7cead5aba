import { requireAbility, requireAdminPage } from "~/auth/session.server";
import type { Viewer } from "~/auth/abilities";

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
