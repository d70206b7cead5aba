import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { recordClick } from "~/modules/marketing/marketing.server";
import type { Route } from "./+types/marketing-click";

/**
 * A marketing mail's link (decision 0087): `?u=<address>&s=<signature>`. The signature covers the recipient and the
 * exact address, so only the addresses the mail itself contained are redirected to (no open redirect): anything else
 * is a 403 and counts nothing.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = await getServices();
  try {
    const target = await recordClick(
      { db: services.db, secret: services.config.authSecret },
      { recipient: params.recipient, target: url.searchParams.get("u") ?? "", sig: url.searchParams.get("s") ?? "" },
    );
    return new Response(null, { status: 302, headers: { location: target, "cache-control": "no-store, private" } });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return new Response(err.message, { status: err.status, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
