import { getServices } from "~/lib/runtime.server";
import type { Route } from "./+types/auth";

/** better-auth's own endpoints (sessions, sign-in, two-factor, pins) under /api/auth/*. */
export async function loader({ request }: Route.LoaderArgs) {
  const { auth } = await getServices();
  return auth.handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  const { auth } = await getServices();
  return auth.handler(request);
}
