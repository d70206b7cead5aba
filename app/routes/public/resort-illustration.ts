import { getServices } from "~/lib/runtime.server";
import { getResortIllustration } from "~/modules/resorts/resorts.server";
import { svgResponse } from "./svg-response.server";
import type { Route } from "./+types/resort-illustration";

/**
 * A resort's generated illustration (decision 0052), as SVG: the same for the same resort, cached by browsers for a
 * day (the address carries the drawing's version) and revalidated by its ETag. An unknown resort is a plain 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const art = await getResortIllustration(db, params.resort);
  if (!art) {
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    });
  }
  return svgResponse(request, art, "public, max-age=86400, stale-while-revalidate=604800");
}
