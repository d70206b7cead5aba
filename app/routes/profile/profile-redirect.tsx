import { redirect } from "react-router";
import { requireUser } from "~/auth/session.server";
import type { Route } from "./+types/profile-redirect";

/** /profile (SPEC user.profile) is the second-version profile area now. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  throw redirect("/v2/profile");
}

export default function ProfileRedirect() {
  return null;
}
