import { getViewer } from "~/auth/session.server";
import { handleUserCall, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { updateCommissionText } from "~/modules/profile/settings-fields.server";
import { getSiteCommission } from "~/modules/settings/tweaks.server";
import type { Route } from "./+types/commission-text";

/**
 * SPEC `listings.commission-text.update` (POST /api/listings/commission-text/update): value, isAdmin. The
 * adjusted commission text of the user an administrator is signed in as; 403 to anyone else (isAdmin is ignored).
 * The reply also states the site's commission (the admin fees tweaks), which applies when the text is not a figure.
 */
export async function action({ request }: Route.ActionArgs) {
  // The service parses the body itself.
  return handleUserCall(request, await getViewer(request), async ({ actor, input }) => {
    const services = await getServices();
    const r = await updateCommissionText(services, { actor, input });
    const site = await getSiteCommission(services.db);
    return { data: { value: r.value, siteCommission: site.words }, message: r.message };
  });
}

export function loader() {
  return postOnly("user-json");
}
