import { redirect } from "react-router";
import { requireAdminPage } from "~/auth/session.server";
import { getServices } from "~/lib/runtime.server";
import { landingPathOf } from "~/modules/settings/tweaks.server";
import type { Route } from "./+types/index";

/** /admin: administrators land on the overview, writers and senior writers on the posts workspace. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "access", "AdminArea");
  if (!page) return null;
  // An administrator's own landing page (/admin/tweaks "My settings", decision 0093).
  throw redirect(await landingPathOf((await getServices()).db, page.viewer));
}

export default function AdminIndex() {
  return null;
}
