import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { useMonthName as monthName } from "~/lib/format";
import { COMPARE_FULL_MESSAGE, type CompareListing, MAX_COMPARE } from "./compare";
import { toggleId } from "./favorites";
import { listingHref } from "./listing-href";
import { LISTING_STATUS } from "./listing-status";
import { type SavedListingRow, selectSavedListings } from "./saved-listings.queries.server";
import { yearsLeft } from "./score";
import { explainScores } from "./score.server";

const onMarket = (l: SavedListingRow) => l.listingStatusId === LISTING_STATUS.active && !l.isTest;

/** The listings on the market among `ids`, in the visitor's order. */
async function loadOnMarket(db: Db, ids: readonly number[]) {
  const byId = new Map((await selectSavedListings(db, ids)).map((l) => [l.id, l]));
  return ids.map((id) => byId.get(id)).filter((l): l is SavedListingRow => l !== undefined && onMarket(l));
}

/** The ids the compare toggles and counts go by: listings still on the market. */
export async function getCompareIds(db: Db, ids: readonly number[]): Promise<number[]> {
  return (await loadOnMarket(db, ids)).map((l) => l.id);
}

/**
 * The comparison: every listing still on the market with the explanation of its score (computed once over the
 * whole market, as the stored scores are). `dropped` counts saved listings that have left the market.
 */
export async function getComparison(db: Db, ids: readonly number[], now = new Date()) {
  const rows = await loadOnMarket(db, ids.slice(0, MAX_COMPARE));
  const scores = await explainScores(
    db,
    rows.map((l) => l.id),
    now,
  );
  const listings: CompareListing[] = rows.map((l) => {
    const score = scores.get(l.id) ?? null;
    return {
      id: l.id,
      title: `${l.resortName} ${l.listingCode}`,
      listingCode: l.listingCode,
      href: listingHref(l),
      resortCode: l.resortCode,
      resortName: l.resortName,
      resortSlug: l.resortSlug,
      photoPath: l.resortPhotoPath,
      broker: l.source === "broker" ? l.brokerName : null,
      noHaggle: l.noHaggle,
      useYear: monthName(l.useMonth, true),
      contractPoints: l.contractPoints,
      prevYearPoints: l.prevYearPoints,
      currYearPoints: l.currYearPoints,
      nextYearPoints: l.nextYearPoints,
      pricePerPointCents: l.pricePerPointCents,
      totalCents: l.contractPoints * l.pricePerPointCents,
      duesPerPointCents: l.duesPerPointCents,
      annualDuesCents: l.duesPerPointCents === null ? null : l.duesPerPointCents * l.contractPoints,
      duesYear: l.duesPerPointCents === null ? null : l.duesYear,
      duesEstimated: l.duesPerPointCents !== null && l.duesEstimated,
      contractEndYear: l.contractEndYear,
      extendedEndYear: l.extendedEndYear,
      yearsLeft: score?.inputs.yearsLeft ?? roundYears(yearsLeft(l.contractEndYear, now)),
      score,
    };
  });
  return { listings, dropped: Math.min(ids.length, MAX_COMPARE) - rows.length };
}

const roundYears = (y: number | null) => (y === null ? null : Math.round(y * 10) / 10);

/**
 * Adds a listing to the comparison or takes it out. Only a listing on the market can be added (404 otherwise);
 * a fifth is refused (409) with COMPARE_FULL_MESSAGE.
 */
export async function toggleCompare(db: Db, input: { ids: readonly number[]; listingId: number }) {
  const { listingId } = input;
  const current = await getCompareIds(db, [...new Set([...input.ids, listingId])]);
  if (input.ids.includes(listingId)) return { ids: current.filter((id) => id !== listingId), inCompare: false };
  if (!current.includes(listingId))
    throw new AppError("NOT_FOUND", "This listing is not on the market, so it cannot be compared.");
  const result = toggleId(
    current.filter((id) => id !== listingId),
    listingId,
    MAX_COMPARE,
  );
  if ("full" in result) throw new AppError("CONFLICT", COMPARE_FULL_MESSAGE);
  return { ids: result.ids, inCompare: true };
}

/** Takes a listing out of the comparison (idempotent). */
export async function removeCompare(db: Db, input: { ids: readonly number[]; listingId: number }) {
  return {
    ids: await getCompareIds(
      db,
      input.ids.filter((id) => id !== input.listingId),
    ),
    inCompare: false,
  };
}
