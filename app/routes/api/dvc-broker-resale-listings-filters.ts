import { getServices } from "~/lib/runtime.server";
import { getFilterBounds } from "~/modules/listings/search.server";

/** dvc-broker-resale-listings-filters (SPEC section 7): the range of every resale filter key, and the choices. */
export async function loader() {
  const { db } = await getServices();
  return Response.json(await getFilterBounds(db));
}
