import { getConfig } from "~/lib/config.server";
import { formatDecimal, formatNumber } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { proseClass } from "~/modules/content/ui/content-blocks";
import { pageMeta } from "~/modules/content/page-meta";
import { formatCoordinates, openStreetMapHref } from "~/modules/resorts/resort-map";
import { headerOf, resortForTab, resortMapFor } from "~/modules/resorts/resort-tabs.server";
import { resortTabHref, ResortTabsLayout } from "~/modules/resorts/ui/resort-tabs";
import { InteractiveResortMap } from "~/modules/resorts/ui/interactive-resort-map";
import { StaticResortMap } from "~/modules/resorts/ui/static-resort-map";
import type { Route } from "./+types/resort-map";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return pageMeta("Resort not found", "We could not find this resort.");
  const r = loaderData.header.resort;
  return pageMeta(`Map of ${r.name} (${r.code})`, `Where ${r.name} is, and the DVC resorts near it.`);
});

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  const resort = await resortForTab(db, params.resort);
  const tiles = getConfig().mapTiles;
  return {
    header: headerOf(resort),
    map: await resortMapFor(db, resort),
    tiles: tiles ? { url: tiles.url, attribution: tiles.attribution } : null,
  };
}

const km = (n: number) => (n < 10 ? formatDecimal(n, 1) : formatNumber(Math.round(n)));

/**
 * /resorts/:resort/map (issue 31, decisions 0074 and 0083): a static map drawn from the coordinates on the server (it
 * always works, with or without JavaScript or network), replaced by an interactive one when the browser reaches the
 * tile server; the coordinates written out, a link to open them in OpenStreetMap and the nearby resorts with their
 * distances.
 */
export default function ResortMap({ loaderData }: Route.ComponentProps) {
  const { header, map, tiles } = loaderData;
  const r = header.resort;
  return (
    <ResortTabsLayout header={header} tab="map">
      <section aria-labelledby="map-title" className={proseClass}>
        <h2 id="map-title">Where {r.name} is</h2>
        {map === null ? (
          <p>
            We have no map position for {r.name} yet. It is in {r.location}.
          </p>
        ) : (
          <>
            <p>
              {r.name} is in {r.location}, at{" "}
              <strong data-testid="resort-coordinates">{formatCoordinates(map.here.lat, map.here.lng)}</strong>.{" "}
              <a href={openStreetMapHref(map.here.lat, map.here.lng)} rel="noopener" target="_blank">
                Open it in OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
              </a>
              .
            </p>
            <div className="mt-6">
              <InteractiveResortMap here={map.here} neighbours={map.neighbours} tiles={tiles}>
                <StaticResortMap here={map.here} neighbours={map.neighbours} />
              </InteractiveResortMap>
              <p className="mt-2! text-sm text-slate-600">
                The orange dot is {r.name} ({r.code}), blue dots are the other DVC resorts within 30 km. Positions are
                to about 100 metres: use the OpenStreetMap link for directions.
              </p>
            </div>
            {map.neighbours.length > 0 ? (
              <>
                <h3>DVC resorts nearby</h3>
                <ul data-testid="resort-neighbours">
                  {map.neighbours.map((n) => (
                    <li key={n.code}>
                      <a href={resortTabHref(n.slug, "map")}>
                        {n.name} ({n.code})
                      </a>
                      : {km(n.km)} km as the crow flies
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>No other DVC resort is within 30 km.</p>
            )}
          </>
        )}
      </section>
    </ResortTabsLayout>
  );
}
