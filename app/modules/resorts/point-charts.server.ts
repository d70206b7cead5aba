import { readSettingsSection } from "~/modules/admin/settings.server";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import { formatNumber } from "~/lib/format";
import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { contractSizeFor, listingPointsRange, nightsOf, type PricedNight, priceStay } from "./point-calculator";
import {
  insertSeasonRanges,
  resortNameOf,
  selectChartResorts,
  selectRangesBetween,
  selectRangesOfYear,
  selectRoomPoints,
  selectRoomViews,
} from "./point-charts.queries.server";
import { type CalculatorQuery, CalculatorQuerySchema, CopyYearSchema } from "./point-charts.schema";
import { shiftToNextYear } from "./season-calendar";

/**
 * "Copy a year to the next" (season ranges): each resort's ranges of `year` are copied to the same dates a year
 * later, in one transaction with one journal entry. A resort that already has ranges in the next year is left as it
 * is (said in the toast); copying one resort that already has them is refused (409), as is a year with no ranges.
 */
export async function copySeasonRangesToNextYear(
  services: Pick<Services, "db">,
  args: { actor: Viewer; input: Record<string, unknown> },
): Promise<string> {
  const parsed = CopyYearSchema.safeParse(args.input);
  if (!parsed.success) throw new AppError("BAD_INPUT", parsed.error.issues.map((i) => i.message).join(" "));
  const { year, resort_id: resortId } = parsed.data;
  const next = year + 1;
  return services.db.transaction(async (tx) => {
    if (resortId !== undefined && !(await resortNameOf(tx, resortId)))
      throw new AppError("BAD_INPUT", "Choose one of the resorts, or leave it as every resort.");
    const source = await selectRangesOfYear(tx, year, resortId);
    if (!source.length)
      throw new AppError(
        "BAD_INPUT",
        `There are no season ranges in ${year} to copy${resortId ? " for this resort" : ""}.`,
      );
    const taken = new Set((await selectRangesOfYear(tx, next, resortId)).map((r) => r.resortId));
    const resortIds = [...new Set(source.map((r) => r.resortId))];
    const copied = resortIds.filter((id) => !taken.has(id));
    if (!copied.length)
      throw new AppError(
        "CONFLICT",
        resortId
          ? `This resort already has season ranges in ${next}: change them there, or delete them and copy again.`
          : `Every resort with ranges in ${year} already has ranges in ${next}: nothing was copied.`,
      );
    const rows = source
      .filter((r) => copied.includes(r.resortId))
      .map((r) => ({
        resortId: r.resortId,
        seasonId: r.seasonId,
        startDate: shiftToNextYear(r.startDate, "start"),
        endDate: shiftToNextYear(r.endDate, "end"),
        isDemo: r.isDemo,
      }));
    await insertSeasonRanges(tx, rows);
    const left = resortIds.length - copied.length;
    const sentence = `Copied ${rows.length} season ranges of ${year} to ${next} for ${copied.length} ${copied.length === 1 ? "resort" : "resorts"}${
      left
        ? `; ${left} ${left === 1 ? "resort already had" : "resorts already had"} ${next} ranges and ${left === 1 ? "was" : "were"} left as ${left === 1 ? "it was" : "they were"}`
        : ""
    }.`;
    await recordActivity(tx as Tx, {
      userId: null,
      actor: args.actor,
      kind: "admin.resource",
      facts: { sentence },
      data: {
        resource: "admin.vacation-point-calculator.season-ranges",
        action: "copy-year",
        year,
        resortId: resortId ?? null,
      },
    });
    return `${sentence} Adjust the dates that move from year to year (Easter, Thanksgiving).`;
  });
}

export type ResortRoom = {
  slug: string;
  name: string;
  sleeps: number;
  /** Typical size, as the page shows it ("376 sq ft", "376-412 sq ft"), or null when not known. */
  sqft: string | null;
  views: { slug: string; name: string }[];
};

/** A resort's room types and the views each comes in (the resort page's rooms tab links each to the calculator). */
export async function resortRoomsFor(db: Db, resortId: number): Promise<{ rooms: ResortRoom[] }> {
  const rows = await selectRoomViews(db, resortId);
  const out: (ResortRoom & { sizes: number[] })[] = [];
  for (const r of rows) {
    let room = out.find((x) => x.slug === r.roomSlug);
    if (!room) {
      room = { slug: r.roomSlug, name: r.roomName, sleeps: r.sleeps, sqft: null, views: [], sizes: [] };
      out.push(room);
    }
    room.views.push({ slug: r.viewSlug, name: r.viewName });
    if (r.sqft !== null) room.sizes.push(r.sqft);
  }
  return {
    rooms: out.map(({ sizes, ...room }) => {
      const lo = Math.min(...sizes);
      const hi = Math.max(...sizes);
      const fmt = formatNumber;
      return { ...room, sqft: sizes.length ? (lo === hi ? `${fmt(lo)} sq ft` : `${fmt(lo)}-${fmt(hi)} sq ft`) : null };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The public calculator (/buying-vacation-point-calculator)

export type CalculatorChoice = { slug: string; name: string };

export type ComparedStay = {
  resortSlug: string;
  resortName: string;
  viewSlug: string;
  viewName: string;
  /** Null when the resort's chart does not cover every night of the stay. */
  total: number | null;
};

export type CalculatorResult = {
  resort: { slug: string; name: string; code: string };
  room: CalculatorChoice;
  view: CalculatorChoice;
  checkIn: string;
  checkOut: string;
  nights: PricedNight[];
  total: number;
  chartYears: number[];
  /** Any range or points used is demo data. */
  demo: boolean;
  /** When the points used were last saved (ISO), for "data as of". */
  dataDate: string | null;
  otherViews: ComparedStay[];
  otherResorts: ComparedStay[];
  contractSize: number;
  listingsPoints: { min: number; max: number };
  /** The stay in money at the chart value per point (/admin/tweaks "Chart value"); null when that is 0 (hidden). */
  value: { perPointCents: number; totalCents: number } | null;
};

export type CalculatorPage = {
  resorts: (CalculatorChoice & { code: string })[];
  rooms: CalculatorChoice[];
  views: CalculatorChoice[];
  /** Each resort's room-and-view combinations ("room-slug/view-slug"), for the form's hints. */
  combos: Record<string, string[]>;
  query: { resort: string; room: string; view: string; checkIn: string; checkOut: string };
  /** The form was sent (any parameter given). */
  asked: boolean;
  result: CalculatorResult | null;
  error: string | null;
};

const addDaysIso = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Answers the calculator's query: the form's choices, and for a full query the stay priced night by night, the same
 * stay in the resort's other views and at the other resorts with that room type (each at its lowest-priced view), and
 * the contract size to buy for it once a year. A query that cannot be priced gives `error` (the route answers 400).
 */
export async function pointCalculator(
  db: Db,
  raw: Record<string, string | undefined>,
  today = new Date(),
): Promise<CalculatorPage> {
  const [resortRows, combos] = await Promise.all([selectChartResorts(db), selectRoomViews(db)]);
  const roomsById = new Map<number, CalculatorChoice>();
  const viewsById = new Map<number, CalculatorChoice>();
  const comboMap: Record<string, string[]> = {};
  const resortById = new Map(resortRows.map((r) => [r.id, r]));
  for (const c of combos) {
    roomsById.set(c.roomId, { slug: c.roomSlug, name: c.roomName });
    viewsById.set(c.viewId, { slug: c.viewSlug, name: c.viewName });
    const r = resortById.get(c.resortId);
    if (r) comboMap[r.slug] = [...(comboMap[r.slug] ?? []), `${c.roomSlug}/${c.viewSlug}`];
  }
  const resortsOffered = resortRows.filter((r) => comboMap[r.slug]);
  const start = addDaysIso(today.toISOString().slice(0, 10), 60);
  const parsed = CalculatorQuerySchema.safeParse(raw);
  const asked = Object.values(raw).some((v) => v !== undefined && v !== "");
  const q: Partial<CalculatorQuery> = parsed.success ? parsed.data : {};
  const query = {
    resort: q.resort ?? resortsOffered.find((r) => r.code === "VGC")?.slug ?? resortsOffered[0]?.slug ?? "",
    room: q.room ?? "deluxe-studio",
    view: q.view ?? "standard",
    checkIn: q.checkIn ?? start,
    checkOut: q.checkOut ?? addDaysIso(q.checkIn ?? start, 4),
  };
  const page: CalculatorPage = {
    resorts: resortsOffered.map((r) => ({ slug: r.slug, name: r.name, code: r.code })),
    rooms: [...roomsById.values()],
    views: [...viewsById.values()],
    combos: comboMap,
    query,
    asked,
    result: null,
    error: null,
  };
  if (!parsed.success) return { ...page, error: parsed.error.issues.map((i) => i.message).join(" ") };
  if (!asked) return page;

  const resort = resortRows.find((r) => r.slug === query.resort);
  if (!resort) return { ...page, error: "We do not know that resort: choose one from the list." };
  const room = [...roomsById.entries()].find(([, r]) => r.slug === query.room);
  if (!room) return { ...page, error: "We do not know that room type: choose one from the list." };
  const view = [...viewsById.entries()].find(([, v]) => v.slug === query.view);
  if (!view) return { ...page, error: "We do not know that view: choose one from the list." };
  const here = combos.filter((c) => c.resortId === resort.id && c.roomId === room[0]);
  if (!here.length)
    return {
      ...page,
      error: `${resort.name} has no ${room[1].name} in its chart. Its rooms: ${[...new Set(combos.filter((c) => c.resortId === resort.id).map((c) => c.roomName))].join(", ")}.`,
    };
  if (!here.some((c) => c.viewId === view[0]))
    return {
      ...page,
      error: `A ${room[1].name} at ${resort.name} comes in ${here.map((c) => c.viewName).join(", ")}, not ${view[1].name}.`,
    };
  const stay = nightsOf(query.checkIn, query.checkOut);
  if (!stay.ok) return { ...page, error: stay.error };

  const years = [...new Set(stay.dates.map((d) => Number(d.slice(0, 4))))];
  const withRoom = combos.filter((c) => c.roomId === room[0]);
  const resortIds = [...new Set(withRoom.map((c) => c.resortId))];
  const [ranges, points] = await Promise.all([
    selectRangesBetween(db, resortIds, query.checkIn, query.checkOut),
    selectRoomPoints(db, room[0], years),
  ]);
  const price = (resortId: number, viewId: number) =>
    priceStay({
      checkIn: query.checkIn,
      checkOut: query.checkOut,
      ranges: ranges.filter((r) => r.resortId === resortId),
      points: points.filter((p) => p.resortId === resortId && p.viewId === viewId),
    });
  const main = price(resort.id, view[0]);
  if (!main.ok) return { ...page, error: main.error };

  const used = points.filter((p) => p.resortId === resort.id && p.viewId === view[0]);
  const usedRanges = ranges.filter((r) => r.resortId === resort.id);
  const dataDate = used.reduce<Date | null>((m, p) => (!m || p.updatedAt > m ? p.updatedAt : m), null);
  const otherViews = here.map((c) => {
    const r = price(resort.id, c.viewId);
    return {
      resortSlug: resort.slug,
      resortName: resort.name,
      viewSlug: c.viewSlug,
      viewName: c.viewName,
      total: r.ok ? r.total : null,
    };
  });
  const otherResorts: ComparedStay[] = [];
  for (const r of resortRows) {
    if (r.id === resort.id) continue;
    const options = withRoom
      .filter((c) => c.resortId === r.id)
      .map((c) => ({ c, p: price(r.id, c.viewId) }))
      .sort((a, b) => (a.p.ok ? a.p.total : Number.MAX_SAFE_INTEGER) - (b.p.ok ? b.p.total : Number.MAX_SAFE_INTEGER));
    const best = options[0];
    if (!best) continue;
    otherResorts.push({
      resortSlug: r.slug,
      resortName: r.name,
      viewSlug: best.c.viewSlug,
      viewName: best.c.viewName,
      total: best.p.ok ? best.p.total : null,
    });
  }
  otherResorts.sort((a, b) => (a.total ?? Number.MAX_SAFE_INTEGER) - (b.total ?? Number.MAX_SAFE_INTEGER));
  const contractSize = contractSizeFor(main.total);
  // /admin/tweaks "Chart value" (decision 0088): what a point of the chart is worth in money.
  const perPointCents = (await readSettingsSection(db, TWEAKS, "chart-value")).valuePerPointCents;
  return {
    ...page,
    result: {
      resort: { slug: resort.slug, name: resort.name, code: resort.code },
      room: room[1],
      view: view[1],
      checkIn: query.checkIn,
      checkOut: query.checkOut,
      nights: main.nights,
      total: main.total,
      chartYears: main.chartYears,
      demo: used.some((p) => p.isDemo) || usedRanges.some((r) => r.isDemo),
      dataDate: dataDate ? dataDate.toISOString() : null,
      otherViews,
      otherResorts,
      contractSize,
      listingsPoints: listingPointsRange(contractSize),
      value: perPointCents > 0 ? { perPointCents, totalCents: perPointCents * main.total } : null,
    },
  };
}
