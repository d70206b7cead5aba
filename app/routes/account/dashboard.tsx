import { redirect } from "react-router";
import { requireUser } from "~/auth/session.server";
import { getServices } from "~/lib/runtime.server";
import { landingPathOf } from "~/modules/settings/tweaks.server";
import type { Route } from "./+types/dashboard";

/** Where each role belongs after signing in (SPEC section 4 redirects). */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  // An administrator's own landing page (/admin/tweaks "My settings", decision 0093).
  throw redirect(await landingPathOf((await getServices()).db, viewer));
}
