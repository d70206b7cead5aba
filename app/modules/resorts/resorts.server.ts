import { createHash } from "node:crypto";
import type { Db } from "~/db/client.server";
import { ART_VERSION } from "./resort-picture";
import { homeHeroSvg, type ResortArtInput, resortArt } from "./resort-art.server";
import { useMonthName } from "~/lib/format";
import { sharedRead } from "~/lib/shared-reads.server";
import { selectLastSales, selectResortBySlug, selectResortKeys, selectResorts } from "./resorts.queries.server";

export type Resort = Awaited<ReturnType<typeof selectResorts>>[number];

/** Every resort in display order; the interval-resorts entry comes last. */
export async function listResorts(db: Db): Promise<Resort[]> {
  const rows = await selectResorts(db);
  return [...rows.filter((r) => !r.isInterval), ...rows.filter((r) => r.isInterval)];
}

/** The resort with this URL slug, or null when there is none. */
export async function getResortBySlug(db: Db, slug: string): Promise<Resort | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [row] = await selectResortBySlug(db, slug);
  return row ?? null;
}

/** How many of a resort's last sales its page shows. */
export const LAST_SALES_SHOWN = 5;

/** A resort page's "Last sales" (issue 27): points, use year, price per point and the date each closed. */
export async function getLastSales(db: Db, resortId: number) {
  const rows = await selectLastSales(db, resortId, LAST_SALES_SHOWN);
  return rows.map((s) => ({
    id: s.id,
    points: s.points,
    useMonth: useMonthName(s.useMonth, true),
    pricePerPointCents: s.pricePerPointCents,
    closedAt: s.closedAt.toISOString(),
  }));
}

export type Illustration = { svg: string; etag: string; description: string };

/** Drawn once per resort's data and kept (a few kilobytes each; at most this many kept). */
const drawn = new Map<string, Illustration>();
const MAX_DRAWN = 200;

function drawOnce(key: string, draw: () => { svg: string; description: string }): Illustration {
  const kept = drawn.get(key);
  if (kept) return kept;
  const { svg, description } = draw();
  const etag = `"${ART_VERSION}-${createHash("sha1").update(svg).digest("base64url").slice(0, 16)}"`;
  if (drawn.size >= MAX_DRAWN) drawn.delete(drawn.keys().next().value as string);
  const made = { svg, etag, description };
  drawn.set(key, made);
  return made;
}

/** A resort's illustration, drawn from its data (decision 0052). */
export function illustrate(resort: ResortArtInput): Illustration {
  const key = JSON.stringify([resort.code, resort.name, resort.location, resort.summary ?? ""]);
  return drawOnce(key, () => resortArt(resort));
}

/** The illustration of the resort with this slug, or null when there is no such resort. */
export async function getResortIllustration(db: Db, slug: string): Promise<Illustration | null> {
  const resort = await getResortBySlug(db, slug);
  return resort ? illustrate(resort) : null;
}

/** The home page's scene. */
export function getHomeIllustration(): Illustration {
  return drawOnce("home", () => ({ svg: homeHeroSvg(), description: "" }));
}

/**
 * The resort a search names, by its code or its id (none: an empty list). Every resort's id and code is read once
 * and kept in the web process until the next write (shared reads, decision 0098), so a search by resort costs no
 * query of its own: a few dozen short rows, and a made-up code adds no key.
 */
export async function findResortByCodeOrId(db: Db, key: string | number): Promise<{ id: number; code: string }[]> {
  const all = await sharedRead("resorts:keys", () => selectResortKeys(db));
  const hit = all.find((r) => (typeof key === "number" ? r.id === key : r.code === key));
  return hit ? [hit] : [];
}
