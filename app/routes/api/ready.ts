import { checkReadiness } from "~/lib/health.server";
import { isDraining } from "~/lib/lifecycle.server";
import { getServices } from "~/lib/runtime.server";

/**
 * Readiness, for load balancers (decision 0046): 200 while this process should get requests; 503 while it shuts down
 * (draining after SIGTERM), while the database does not answer, and before the migrations of this code are applied.
 * /api/health stays liveness.
 */
export async function loader() {
  const readiness = await checkReadiness(await getServices(), { draining: isDraining() });
  return Response.json(readiness, {
    status: readiness.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store", ...(readiness.ready ? {} : { "Retry-After": "5" }) },
  });
}
