import { getServices } from "~/lib/runtime.server";
import { getLeftMenuAnswer } from "~/modules/content/frontend-calls.server";

/** SPEC section 7: GET frontend.get-left-menu (issue 32). Public. */
export async function loader() {
  return Response.json(await getLeftMenuAnswer((await getServices()).db));
}
