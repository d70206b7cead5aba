import { getServices } from "~/lib/runtime.server";
import { authenticateApiRequest } from "~/modules/api-keys/api-keys.server";
import { isSeriesName, SERIES } from "~/modules/market/market";
import { loadMarket, seriesJson } from "~/modules/market/market.server";
import type { Route } from "./+types/v1-market";

/**
 * GET /api/v1/market/:series (issue 33; docs/api.md): one market series, as `/market/<series>.json` answers it, for a
 * partner with an API key that may read the market (`?resort=CODE` for one resort). Refusals as /api/v1/listings,
 * and 404 for an unknown series.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await getServices();
  const auth = await authenticateApiRequest(db, request, "market:read");
  if (auth instanceof Response) return auth;
  const name = params.series;
  if (!isSeriesName(name)) {
    await auth.log(404);
    return Response.json({ error: `No such series. Try ${Object.keys(SERIES).join(", ")}.` }, { status: 404 });
  }
  const view = await loadMarket(db, new URL(request.url).searchParams.get("resort"));
  if (!view.ok) {
    await auth.log(400);
    return Response.json({ error: view.message }, { status: 400 });
  }
  await auth.log(200);
  return Response.json(seriesJson(name, view), { headers: { "cache-control": "private, no-store" } });
}
