import { redirect } from "react-router";
import { landingPathFor } from "~/auth/abilities";
import { requireAbility, requireUser } from "~/auth/session.server";
import type { Route } from "./+types/index";

/** /admin: administrators land on the overview, writers and senior writers on the posts workspace. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (viewer.impersonatedBy) return null; // the layout shows the impersonation notice instead
  await requireAbility(request, "access", "AdminArea");
  throw redirect(landingPathFor(viewer));
}

export default function AdminIndex() {
  return null;
}
