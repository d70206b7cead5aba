import { redirect } from "react-router";
import { requireUser } from "~/auth/session.server";
import { setFlash } from "~/lib/flash.server";
import { getServices } from "~/lib/runtime.server";
import { stopImpersonating } from "~/modules/users/accounts.server";
import type { Route } from "./+types/impersonate-leave";

/**
 * SPEC section 7: GET /admin/users/impersonate-leave ends an impersonation and returns the
 * administrator to the admin area. Anyone not impersonating is simply sent where they belong.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (!viewer.impersonatedBy) throw redirect("/dashboard");
  const { headers } = await stopImpersonating(await getServices(), request.headers);
  await setFlash(headers, {
    kind: "success",
    message: `You are back in your own account (you were viewing ${viewer.name}).`,
  });
  return redirect("/admin/dashboard", { headers });
}
