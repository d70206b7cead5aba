import "leaflet/dist/leaflet.css";
import L from "leaflet";
import type { Neighbour, Place } from "../resort-map";
import type { MapTilesView } from "./interactive-resort-map";

/**
 * Draws the resort and its neighbours on a Leaflet map in `el` and returns what removes it. Loaded on the map tab
 * only, once the tile server has answered. Dots, not image markers (the CSP and the bundle need no marker images);
 * each dot's name is in its tooltip and in the list under the map. Leaflet's own keyboard handling pans with the
 * arrow keys and zooms with + and - once the map has the focus.
 */
export function mountLeafletMap(
  el: HTMLElement,
  { here, neighbours, tiles }: { here: Place; neighbours: Neighbour[]; tiles: MapTilesView },
): () => void {
  const map = L.map(el, { scrollWheelZoom: false, keyboard: true });
  el.setAttribute("role", "region");
  el.setAttribute("aria-label", `Interactive map of ${here.name} and nearby resorts. Arrow keys pan, + and - zoom.`);
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
  const dot = (p: Place, colour: string) =>
    L.circleMarker([p.lat, p.lng], { radius: 8, color: "#ffffff", weight: 2, fillColor: colour, fillOpacity: 1 })
      .bindTooltip(`${p.name} (${p.code})`)
      .addTo(map);
  // Centred on the resort: its neighbours and their mirror images around it make a box with the resort in the middle.
  const around = neighbours.flatMap((n) => [
    L.latLng(n.lat, n.lng),
    L.latLng(2 * here.lat - n.lat, 2 * here.lng - n.lng),
  ]);
  if (around.length === 0) map.setView([here.lat, here.lng], 15);
  else map.fitBounds(L.latLngBounds([L.latLng(here.lat, here.lng), ...around]), { padding: [24, 24], maxZoom: 15 });
  for (const n of neighbours) dot(n, "#0369a1");
  dot(here, "#c2410c").openTooltip();
  return () => map.remove();
}
