import { getHomeIllustration } from "~/modules/resorts/resorts.server";
import { svgResponse } from "./svg-response.server";
import type { Route } from "./+types/home-illustration";

/** The home page's scene (decision 0052): fixed for a version of the drawing, so cached for good. */
export async function loader({ request }: Route.LoaderArgs) {
  return svgResponse(request, getHomeIllustration(), "public, max-age=31536000, immutable");
}
