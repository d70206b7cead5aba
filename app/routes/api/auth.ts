import { getServices } from "~/lib/runtime.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's endpoints under /api/auth/*: only those in AUTH_HTTP_ENDPOINTS (sign-in, sign-out, the session)
 * answer; better-auth's handler refuses every other path with 404 (`authHttpAllowList`, app/auth/auth.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { auth } = await getServices();
  return auth.handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  const { auth } = await getServices();
  return auth.handler(request);
}
