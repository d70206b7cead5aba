/**
 * The demo point charts (decision 0073): every resort's chart for the current and the next calendar year, computed
 * at seed time so it stays valid, marked `is_demo` (the admin lists and the calculator say so). Shaped after
 * DOMAIN.md "Point charts": five travel periods, weekends (Friday, Saturday) dearer, grand villas and bungalows far
 * dearer; its worked example holds (Villas at Grand Californian studio: 17 points on a September Tuesday, 37 on the
 * Saturday after Thanksgiving).
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pointData, pointSeasons, pointViews, resortRoomViews, resorts, rooms, seasonRanges } from "~/db/schema";
import { RESORT_ROOMS } from "./reference-data";
import { claimSeedStep, hasRows } from "./seed-steps";

export const POINT_CHARTS_MARKER = "seed.point_charts_seeded_at";

/** Seasons, least points first, with their weekday factor over the Adventure season and a colour for the key. */
export const DEMO_SEASONS = [
  { name: "Adventure", slug: "adventure", colour: "#15803d", factor: 1 },
  { name: "Choice", slug: "choice", colour: "#0e7490", factor: 1.2 },
  { name: "Dream", slug: "dream", colour: "#1d4ed8", factor: 1.4 },
  { name: "Magic", slug: "magic", colour: "#7e22ce", factor: 1.65 },
  { name: "Premier", slug: "premier", colour: "#b91c1c", factor: 1.95 },
] as const;
type SeasonSlug = (typeof DEMO_SEASONS)[number]["slug"];

/** View categories and what each adds over a standard view. */
export const DEMO_VIEWS = [
  { name: "Standard", slug: "standard", factor: 1 },
  { name: "Preferred", slug: "preferred", factor: 1.15 },
  { name: "Garden/Pool", slug: "garden-pool", factor: 1.1 },
  { name: "Lake", slug: "lake", factor: 1.2 },
  { name: "Savanna", slug: "savanna", factor: 1.25 },
  { name: "Ocean", slug: "ocean", factor: 1.25 },
  { name: "Theme Park", slug: "theme-park", factor: 1.35 },
] as const;
type ViewSlug = (typeof DEMO_VIEWS)[number]["slug"];

/** Per resort: a standard studio's weekday points in the Adventure season, and the views its villas come in. */
export const DEMO_RESORT_CHARTS: Record<string, { base: number; views: ViewSlug[] }> = {
  OKW: { base: 10, views: ["standard"] },
  BWV: { base: 11, views: ["standard", "preferred"] },
  BCV: { base: 12, views: ["standard", "preferred"] },
  BRV: { base: 11, views: ["standard"] },
  VB: { base: 8, views: ["standard", "ocean"] },
  HHI: { base: 8, views: ["standard"] },
  SSR: { base: 10, views: ["standard", "preferred"] },
  AKV: { base: 9, views: ["standard", "savanna"] },
  BLT: { base: 13, views: ["standard", "lake", "theme-park"] },
  VGC: { base: 17, views: ["standard", "preferred"] },
  AUL: { base: 10, views: ["standard", "ocean"] },
  VGF: { base: 14, views: ["standard", "lake", "theme-park"] },
  PVB: { base: 14, views: ["standard", "lake", "theme-park"] },
  CCV: { base: 13, views: ["standard", "lake"] },
  RIV: { base: 13, views: ["standard", "preferred"] },
  VDH: { base: 18, views: ["standard", "garden-pool"] },
  CFW: { base: 9, views: ["standard"] },
};

/** Room types: points over a studio, and a typical size in square feet. Grand villas and specials: standard view only. */
export const DEMO_ROOMS: Record<string, { factor: number; sqft: number; allViews: boolean }> = {
  "deluxe-studio": { factor: 1, sqft: 365, allViews: true },
  "one-bedroom-villa": { factor: 2, sqft: 750, allViews: true },
  "two-bedroom-villa": { factor: 2.75, sqft: 1120, allViews: true },
  "three-bedroom-grand-villa": { factor: 6, sqft: 2245, allViews: false },
  bungalow: { factor: 9, sqft: 1650, allViews: false },
  cabin: { factor: 3, sqft: 475, allViews: false },
  "treehouse-villa": { factor: 3.2, sqft: 1074, allViews: false },
};

/** A Friday or Saturday night costs this much more than a weeknight of the same season. */
export const WEEKEND_FACTOR = 1.32;

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** Thanksgiving: the fourth Thursday of November. */
export function thanksgiving(year: number): number {
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  return 1 + ((4 - first + 7) % 7) + 21;
}

/** The demo calendar of a year: every day in exactly one range (Magic around Thanksgiving, Premier at Christmas). */
export function demoSeasonCalendar(year: number): { season: SeasonSlug; startDate: string; endDate: string }[] {
  const t = thanksgiving(year);
  const r = (season: SeasonSlug, m1: number, d1: number, m2: number, d2: number) => ({
    season,
    startDate: iso(year, m1, d1),
    endDate: iso(year, m2, d2),
  });
  return [
    r("adventure", 1, 1, 1, 31),
    r("choice", 2, 1, 2, 13),
    r("dream", 2, 14, 3, 8),
    r("magic", 3, 9, 4, 30),
    r("choice", 5, 1, 6, 10),
    r("dream", 6, 11, 8, 15),
    r("adventure", 8, 16, 9, 30),
    r("choice", 10, 1, 11, t - 6),
    r("magic", 11, t - 5, 11, t + 3),
    r("choice", 11, t + 4, 12, 19),
    r("premier", 12, 20, 12, 31),
  ];
}

/** A night's points in the demo chart. */
export function demoPoints(base: number, room: string, view: ViewSlug, season: SeasonSlug) {
  const r = DEMO_ROOMS[room]?.factor ?? 1;
  const v = DEMO_VIEWS.find((x) => x.slug === view)?.factor ?? 1;
  const s = DEMO_SEASONS.find((x) => x.slug === season)?.factor ?? 1;
  const weekday = Math.max(1, Math.round(base * r * v * s));
  return { weekday, weekend: Math.round(weekday * WEEKEND_FACTOR) };
}

/** Seeds views, seasons, every resort's rooms and views, and the demo chart for `now`'s year and the next. */
export async function seedPointChartsDemo(db: Db, now = new Date()) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, POINT_CHARTS_MARKER))) return;
    if (await hasRows(tx, pointData)) return;
    const years = [now.getUTCFullYear(), now.getUTCFullYear() + 1];
    await tx
      .insert(pointViews)
      .values(DEMO_VIEWS.map((v, i) => ({ name: v.name, slug: v.slug, sortOrder: i + 1 })))
      .onConflictDoNothing();
    await tx
      .insert(pointSeasons)
      .values(DEMO_SEASONS.map((s, i) => ({ name: s.name, slug: s.slug, colour: s.colour, sortOrder: i + 1 })))
      .onConflictDoNothing();
    const resortIds = new Map(
      (await tx.select({ id: resorts.id, code: resorts.code }).from(resorts).where(eq(resorts.isInterval, false))).map(
        (r) => [r.code, r.id],
      ),
    );
    const roomIds = new Map(
      (await tx.select({ id: rooms.id, slug: rooms.slug }).from(rooms)).map((r) => [r.slug, r.id]),
    );
    const viewIds = new Map(
      (await tx.select({ id: pointViews.id, slug: pointViews.slug }).from(pointViews)).map((r) => [r.slug, r.id]),
    );
    const seasonIds = new Map(
      (await tx.select({ id: pointSeasons.id, slug: pointSeasons.slug }).from(pointSeasons)).map((r) => [r.slug, r.id]),
    );
    const ranges: (typeof seasonRanges.$inferInsert)[] = [];
    const combos: (typeof resortRoomViews.$inferInsert)[] = [];
    const points: (typeof pointData.$inferInsert)[] = [];
    for (const [code, chart] of Object.entries(DEMO_RESORT_CHARTS)) {
      const resortId = resortIds.get(code);
      if (!resortId) continue;
      for (const year of years)
        for (const c of demoSeasonCalendar(year)) {
          const seasonId = seasonIds.get(c.season);
          if (seasonId) ranges.push({ resortId, seasonId, startDate: c.startDate, endDate: c.endDate, isDemo: true });
        }
      for (const [i, room] of (RESORT_ROOMS[code] ?? []).entries()) {
        const roomId = roomIds.get(room);
        const shape = DEMO_ROOMS[room];
        if (!roomId || !shape) continue;
        for (const view of shape.allViews ? chart.views : chart.views.slice(0, 1)) {
          const viewId = viewIds.get(view);
          if (!viewId) continue;
          // Sizes differ a little from resort to resort (a newer tower's studios are larger).
          combos.push({ resortId, roomId, viewId, sqft: Math.round(shape.sqft * (1 + ((resortId + i) % 5) * 0.02)) });
          for (const year of years)
            for (const s of DEMO_SEASONS) {
              const seasonId = seasonIds.get(s.slug);
              if (!seasonId) continue;
              // Next year's chart is a point dearer in the top seasons, as charts drift.
              const p = demoPoints(chart.base, room, view, s.slug);
              const bump = year > years[0] && (s.slug === "magic" || s.slug === "premier") ? 1 : 0;
              points.push({
                resortId,
                roomId,
                viewId,
                seasonId,
                chartYear: year,
                weekdayPoints: p.weekday + bump,
                weekendPoints: p.weekend + bump,
                isDemo: true,
              });
            }
        }
      }
    }
    if (ranges.length) await tx.insert(seasonRanges).values(ranges).onConflictDoNothing();
    if (combos.length) await tx.insert(resortRoomViews).values(combos).onConflictDoNothing();
    for (let i = 0; i < points.length; i += 1000)
      await tx
        .insert(pointData)
        .values(points.slice(i, i + 1000))
        .onConflictDoNothing();
  });
}
