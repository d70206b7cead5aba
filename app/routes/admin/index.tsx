import { redirect } from "react-router";
import { landingPathFor } from "~/auth/abilities";
import { requireAdminPage } from "~/auth/session.server";
import type { Route } from "./+types/index";

/** /admin: administrators land on the overview, writers and senior writers on the posts workspace. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "access", "AdminArea");
  if (!page) return null;
  throw redirect(landingPathFor(page.viewer));
}

export default function AdminIndex() {
  return null;
}
