import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { insertSeasonRanges, resortNameOf, selectRangesOfYear, selectRoomViews } from "./point-charts.queries.server";
import { CopyYearSchema } from "./point-charts.schema";
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
      const fmt = (n: number) => n.toLocaleString("en-US");
      return { ...room, sqft: sizes.length ? (lo === hi ? `${fmt(lo)} sq ft` : `${fmt(lo)}-${fmt(hi)} sq ft`) : null };
    }),
  };
}
