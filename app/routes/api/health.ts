import { checkHealth } from "~/lib/health.server";
import { getServices } from "~/lib/runtime.server";

/** Liveness and database reachability, for load balancers and the start-up timer. */
export async function loader() {
  return Response.json(await checkHealth(await getServices()));
}
