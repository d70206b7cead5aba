import { useEffect, useRef, useState } from "react";
import { type Neighbour, type Place, tileFor, tileUrl } from "../resort-map";

export type MapTilesView = { url: string; attribution: string };

/** How long the first tile may take before the drawn map is kept (a tile server out of reach often never answers). */
const PROBE_MS = 5000;

/**
 * The map tab's interactive map (issue 31, decision 0083): after the page has loaded, the browser asks the tile server
 * (MAP_TILE_URL) for the one tile that holds the resort; when it arrives, Leaflet (a chunk of its own, loaded only
 * here) draws a map that pans and zooms with the mouse, touch and keyboard, over the drawn map's place. When the tile
 * does not come (no network, a blocked host, MAP_TILE_URL=off), nothing changes: the server-drawn map stays.
 */
export function InteractiveResortMap({
  here,
  neighbours,
  tiles,
  children,
}: {
  here: Place;
  neighbours: Neighbour[];
  tiles: MapTilesView | null;
  /** The drawn map, shown until (and unless) the interactive one is ready. */
  children: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"drawn" | "interactive">("drawn");

  useEffect(() => {
    if (!tiles || !box.current) return;
    const el = box.current;
    let cancelled = false;
    let teardown: (() => void) | undefined;
    const probe = new Image();
    const timer = setTimeout(() => {
      probe.src = "";
      cancelled = true;
    }, PROBE_MS);
    probe.onload = () => {
      clearTimeout(timer);
      if (cancelled) return;
      import("./leaflet-map")
        .then(({ mountLeafletMap }) => {
          if (cancelled) return;
          // Shown before Leaflet measures it (a hidden box has no size to fit the resorts into).
          el.hidden = false;
          teardown = mountLeafletMap(el, { here, neighbours, tiles });
          setState("interactive");
        })
        .catch(() => {});
    };
    probe.onerror = () => clearTimeout(timer);
    probe.src = tileUrl(tiles.url, tileFor(here.lat, here.lng, 13));
    return () => {
      cancelled = true;
      clearTimeout(timer);
      teardown?.();
    };
  }, [tiles, here, neighbours]);

  return (
    <>
      <div hidden={state !== "drawn"} data-testid="drawn-map">
        {children}
      </div>
      <div
        ref={box}
        data-testid="interactive-map"
        hidden={state !== "interactive"}
        className="h-80 w-full overflow-hidden rounded-lg border border-slate-200 sm:h-[28rem]"
      />
    </>
  );
}
