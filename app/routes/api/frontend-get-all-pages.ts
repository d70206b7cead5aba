import { getServices } from "~/lib/runtime.server";
import { getAllPagesAnswer } from "~/modules/content/frontend-calls.server";

/** SPEC section 7: GET frontend.get-all-pages (issue 32). Public. */
export async function loader() {
  return Response.json(await getAllPagesAnswer((await getServices()).db));
}
