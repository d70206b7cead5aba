import { formatDecimal } from "~/lib/format";

/**
 * The resort page's static map (issue 31, decision 0074): the resort among its neighbours, drawn from coordinates
 * alone, so it needs no tiles and no network.
 */
export type Place = { code: string; name: string; slug: string; lat: number; lng: number };
export type Neighbour = Place & { km: number };

const EARTH_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The resorts of the same area: within `radiusKm` of the resort (itself left out), nearest first. */
export function neighboursOf(resort: Place, all: Place[], radiusKm = 30): Neighbour[] {
  return all
    .filter((p) => p.code !== resort.code)
    .map((p) => ({ ...p, km: distanceKm(resort, p) }))
    .filter((p) => p.km <= radiusKm)
    .sort((a, b) => a.km - b.km || a.name.localeCompare(b.name));
}

export type Projected<T> = T & { x: number; y: number };
export type Projection<T> = { points: Projected<T>[]; kmPerPx: number };

/**
 * Places in a `width` × `height` box (SVG units, y down) with `pad` free on every side: an equirectangular projection
 * scaled by the cosine of the middle latitude (true to scale over a few kilometres), north up, the same scale on
 * both axes, centred. A single place lands in the middle at a scale of `minSpanKm` across the box.
 */
export function project<T extends { lat: number; lng: number }>(
  places: T[],
  width: number,
  height: number,
  pad: number,
  minSpanKm = 4,
): Projection<T> {
  if (places.length === 0) return { points: [], kmPerPx: 0 };
  const midLat = (Math.min(...places.map((p) => p.lat)) + Math.max(...places.map((p) => p.lat))) / 2;
  const kx = ((Math.PI * EARTH_KM) / 180) * Math.cos(rad(midLat));
  const ky = (Math.PI * EARTH_KM) / 180;
  const xs = places.map((p) => p.lng * kx);
  const ys = places.map((p) => p.lat * ky);
  const spanX = Math.max(Math.max(...xs) - Math.min(...xs), minSpanKm);
  const spanY = Math.max(Math.max(...ys) - Math.min(...ys), minSpanKm);
  const scale = Math.min((width - 2 * pad) / spanX, (height - 2 * pad) / spanY);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return {
    points: places.map((p, i) => ({
      ...p,
      x: Math.round((width / 2 + (xs[i] - cx) * scale) * 10) / 10,
      y: Math.round((height / 2 - (ys[i] - cy) * scale) * 10) / 10,
    })),
    kmPerPx: 1 / scale,
  };
}

/** A scale bar's length: the roundest of 0.5, 1, 2, 5, 10… km that is at most `maxPx` long. */
export function scaleBar(kmPerPx: number, maxPx: number): { km: number; px: number } {
  const steps = [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100];
  const km = [...steps].reverse().find((s) => s / kmPerPx <= maxPx) ?? steps[0];
  return { km, px: Math.round(km / kmPerPx) };
}

/** "28.3547° N, 81.6025° W" */
export function formatCoordinates(lat: number, lng: number): string {
  const f = (v: number) => formatDecimal(Math.abs(v), 4).replace(/\.?0+$/, "");
  return `${f(lat)}° ${lat >= 0 ? "N" : "S"}, ${f(lng)}° ${lng >= 0 ? "E" : "W"}`;
}

/** The place on openstreetmap.org, with a marker. */
export function openStreetMapHref(lat: number, lng: number, zoom = 16): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`;
}

export type Label = { x: number; y: number; anchor: "start" | "end" | "middle" } | null;

/**
 * Where each point's label goes (in order: the first point's label is placed first): right of the dot, else left,
 * above or below, whichever does not overlap a label or dot already placed and stays in the box; null when none
 * fits (the list under the map names every place anyway). Text is `charW` wide per character and `lineH` high.
 */
export function placeLabels(
  points: { x: number; y: number; text: string }[],
  width: number,
  height: number,
  charW = 7.5,
  lineH = 14,
): Label[] {
  type Box = { x0: number; y0: number; x1: number; y1: number };
  const taken: Box[] = points.map((p) => ({ x0: p.x - 6, y0: p.y - 6, x1: p.x + 6, y1: p.y + 6 }));
  const overlaps = (b: Box) => taken.some((t) => b.x0 < t.x1 && b.x1 > t.x0 && b.y0 < t.y1 && b.y1 > t.y0);
  return points.map((p) => {
    const w = p.text.length * charW;
    const options: { label: NonNullable<Label>; box: Box }[] = [
      {
        label: { x: p.x + 9, y: p.y + 4, anchor: "start" },
        box: { x0: p.x + 8, y0: p.y - lineH / 2, x1: p.x + 9 + w, y1: p.y + lineH / 2 },
      },
      {
        label: { x: p.x - 9, y: p.y + 4, anchor: "end" },
        box: { x0: p.x - 9 - w, y0: p.y - lineH / 2, x1: p.x - 8, y1: p.y + lineH / 2 },
      },
      {
        label: { x: p.x, y: p.y - 10, anchor: "middle" },
        box: { x0: p.x - w / 2, y0: p.y - 8 - lineH, x1: p.x + w / 2, y1: p.y - 8 },
      },
      {
        label: { x: p.x, y: p.y + 10 + lineH - 3, anchor: "middle" },
        box: { x0: p.x - w / 2, y0: p.y + 8, x1: p.x + w / 2, y1: p.y + 8 + lineH },
      },
    ];
    const fit = options.find(
      (o) => o.box.x0 >= 0 && o.box.x1 <= width && o.box.y0 >= 0 && o.box.y1 <= height && !overlaps(o.box),
    );
    if (!fit) return null;
    taken.push(fit.box);
    return fit.label;
  });
}

/**
 * The tile (x, y) at zoom `z` that holds a point, in the web map tiling every tile server uses (Web Mercator, 2^z
 * tiles a side, x from 180° W eastwards, y from about 85° N southwards). The map tab asks for this one tile first to
 * learn whether the tile server can be reached before it loads the interactive map.
 */
export function tileFor(lat: number, lng: number, z: number): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, v));
  return { z, x: clamp(x), y: clamp(y) };
}

/** A tile's address from a URL template with {z}, {x} and {y}. */
export function tileUrl(template: string, t: { z: number; x: number; y: number }): string {
  return template.replace("{z}", String(t.z)).replace("{x}", String(t.x)).replace("{y}", String(t.y));
}
