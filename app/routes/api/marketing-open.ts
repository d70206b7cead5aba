import { getServices } from "~/lib/runtime.server";
import { recordOpen } from "~/modules/marketing/marketing.server";
import type { Route } from "./+types/marketing-open";

/** A 1x1 transparent GIF. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * A marketing mail's open-tracking image (decision 0087). A signed token counts an open of its recipient; whatever
 * the token, the answer is the same transparent GIF, never cached.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const services = await getServices();
  await recordOpen({ db: services.db, secret: services.config.authSecret }, params.token);
  return new Response(new Uint8Array(GIF), {
    status: 200,
    headers: {
      "content-type": "image/gif",
      "content-length": String(GIF.length),
      "cache-control": "no-store, private",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
}
