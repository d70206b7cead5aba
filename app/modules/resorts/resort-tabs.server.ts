import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { resortPhotoHref } from "./resort-picture";
import { type DiningKind, DINING_KINDS } from "./dining";
import { lastMonths, priceTrend, type TrendMonth } from "./price-trend";
import { neighboursOf, type Place } from "./resort-map";
import {
  selectAskingByMonth,
  selectMappedResorts,
  selectResortDining,
  selectSoldByMonth,
} from "./resort-tabs.queries.server";
import { getResortBySlug, illustrate, type Resort } from "./resorts.server";

/** A resort page's tabs (issue 31): each is its own URL, the overview at /resorts/:resort. */
export const RESORT_TABS = ["overview", "rooms", "dining", "map"] as const;
export type ResortTab = (typeof RESORT_TABS)[number];

/** What every tab's header shows: the resort (without the admin-only verification flag) and its picture's label. */
export type ResortHeader = { resort: Omit<Resort, "endYearUnverified">; pictureLabel: string | null };

export function headerOf(resort: Resort): ResortHeader {
  const { endYearUnverified: _flag, ...shown } = resort;
  return {
    resort: shown,
    pictureLabel: resortPhotoHref(resort.photoPath)
      ? `Photo of ${resort.name}`
      : resort.isInterval
        ? null
        : illustrate(resort).description,
  };
}

/** The resort of a tab's URL, or a 404 (no such resort; the interval-resorts page has no tabs). */
export async function resortForTab(db: Db, slug: string): Promise<Resort> {
  const resort = await getResortBySlug(db, slug);
  if (!resort || resort.isInterval) throw data(null, { status: 404 });
  return resort;
}

/** The rooms tab: the resort's room types, their views and sizes, from the point-chart tables. */
export { resortRoomsFor } from "./point-charts.server";

export type DiningGroup = { kind: DiningKind; places: { id: number; name: string; description: string }[] };

/** The dining tab: the resort's places grouped by kind (table service, quick service, lounges), empty kinds left out. */
export async function resortDiningFor(db: Db, resortId: number): Promise<DiningGroup[]> {
  const rows = await selectResortDining(db, resortId);
  return DINING_KINDS.map((kind) => ({
    kind,
    places: rows.filter((r) => r.kind === kind).map(({ id, name, description }) => ({ id, name, description })),
  })).filter((g) => g.places.length > 0);
}

/** The map tab: the resort's place and the resorts of its area (within 30 km), or null when it has no position. */
export async function resortMapFor(
  db: Db,
  resort: Resort,
): Promise<{ here: Place; neighbours: ReturnType<typeof neighboursOf> } | null> {
  if (resort.latitude === null || resort.longitude === null) return null;
  const here = { code: resort.code, name: resort.name, slug: resort.slug, lat: resort.latitude, lng: resort.longitude };
  const all = await selectMappedResorts(db);
  return { here, neighbours: neighboursOf(here, all) };
}

/** How many months the overview's price trend covers. */
export const TREND_MONTHS = 12;

/** The overview's price-per-point trend: the last 12 Eastern months, asking and sold medians. */
export async function resortPriceTrend(db: Db, resortId: number, now: Date): Promise<TrendMonth[]> {
  const months = lastMonths(now, TREND_MONTHS);
  const [y, m] = months[0].split("-").map(Number);
  // From the first day of the first month, Eastern (a day early in UTC; the month grouping drops the extra hours).
  const since = new Date(Date.UTC(y, m - 1, 1) - 86_400_000);
  const [asking, sold] = await Promise.all([
    selectAskingByMonth(db, resortId, since),
    selectSoldByMonth(db, resortId, since),
  ]);
  return priceTrend(
    months,
    asking.map((r) => ({ ...r, medianCents: Number(r.medianCents), count: Number(r.count) })),
    sold.map((r) => ({ ...r, medianCents: Number(r.medianCents), count: Number(r.count) })),
  );
}
