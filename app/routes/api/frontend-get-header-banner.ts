import { getServices } from "~/lib/runtime.server";
import { getHeaderBannerAnswer } from "~/modules/content/frontend-calls.server";

/** SPEC section 7: GET frontend.get-header-banner (issue 32). Public. */
export async function loader() {
  return Response.json(await getHeaderBannerAnswer((await getServices()).db));
}
