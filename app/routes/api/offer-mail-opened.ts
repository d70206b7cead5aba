import { getServices } from "~/lib/runtime.server";
import { recordOfferMailOpened } from "~/modules/offers/offer-signals.server";
import type { Route } from "./+types/offer-mail-opened";

/** A 1x1 transparent GIF. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The open-tracking image of the seller's mail about new terms (decision 0031). Whatever the token, the answer is the
 * same transparent GIF, never cached: a bad token, an old round or a second load look exactly like the first.
 */
export async function loader({ params }: Route.LoaderArgs) {
  await recordOfferMailOpened(await getServices(), params.token);
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
