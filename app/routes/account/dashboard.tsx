import { redirect } from "react-router";
import { landingPathFor } from "~/auth/abilities";
import { requireUser } from "~/auth/session.server";
import type { Route } from "./+types/dashboard";

/** Where each role belongs after signing in (SPEC section 4 redirects). */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  throw redirect(landingPathFor(viewer));
}
