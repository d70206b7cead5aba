import { data } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { isSeriesName, SERIES, seriesCsv } from "~/modules/market/market";
import { loadMarket, seriesJson } from "~/modules/market/market.server";
import type { Route } from "./+types/market-series";

/**
 * `/market/<series>.csv` and `/market/<series>.json` (issue 31): one series of the market page, for the resort in
 * `?resort=<code>` or all resorts, with the same numbers as its chart and table. 404 for an unknown series or
 * format, 400 for an unknown resort.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const match = /^([a-z-]+)\.(csv|json)$/.exec(params.file);
  if (!match || !isSeriesName(match[1])) {
    throw data(
      {
        error: `No such series. Try ${Object.keys(SERIES)
          .map((s) => `${s}.csv`)
          .join(", ")}.`,
      },
      { status: 404 },
    );
  }
  const [, name, format] = match;
  if (!isSeriesName(name)) throw data({ error: "No such series." }, { status: 404 });
  const { db } = await getServices();
  const view = await loadMarket(db, new URL(request.url).searchParams.get("resort"));
  if (!view.ok) {
    return format === "json"
      ? Response.json({ error: view.message }, { status: 400 })
      : new Response(`${view.message}\n`, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const scope = view.resort?.code ?? "all";
  const headers = { "cache-control": "public, max-age=300" };
  if (format === "csv")
    return new Response(seriesCsv(name, view.data.months), {
      headers: {
        ...headers,
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="market-${name}-${scope.toLowerCase()}.csv"`,
      },
    });
  return Response.json(seriesJson(name, view), { headers });
}
