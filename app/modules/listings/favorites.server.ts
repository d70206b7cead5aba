import { getViewer } from "~/auth/session.server";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { useMonthName as monthName } from "~/lib/format";
import {
  type FavoriteEntry,
  type FavoriteRow,
  favoriteIdsFromCookieHeader,
  MAX_FAVORITES,
  toggleId,
} from "./favorites";
import { listingHref } from "./listing-href";
import { LISTING_STATUS } from "./listing-status";
import { type SavedListingRow, selectSavedListings } from "./saved-listings.queries.server";
import { centsToDollars } from "~/lib/money";
import {
  deleteAllUserFavorites,
  insertUserFavorites,
  removeUserFavorites,
  selectUserFavorites,
} from "./user-favorites.queries.server";

const onMarket = (l: SavedListingRow) => l.listingStatusId === LISTING_STATUS.active && !l.isTest;
/** A listing that was once public (approved, not a test): after it leaves the market it is shown as such. */
const wasPublic = (l: SavedListingRow) => !l.isTest && l.approvedAt !== null;

const titleOf = (l: SavedListingRow) => `${l.resortName} ${l.listingCode}`;

function toRow(l: SavedListingRow): FavoriteRow {
  return {
    id: l.id,
    title: titleOf(l),
    listingCode: l.listingCode,
    href: listingHref(l),
    resortCode: l.resortCode,
    resortName: l.resortName,
    logoPath: l.resortLogoPath,
    resortSlug: l.resortSlug,
    resortPhotoPath: l.resortPhotoPath,
    useYear: monthName(l.useMonth),
    contractPoints: l.contractPoints,
    pricePerPointCents: l.pricePerPointCents,
    totalCents: l.contractPoints * l.pricePerPointCents,
    prevYearPoints: l.prevYearPoints,
    currYearPoints: l.currYearPoints,
    nextYearPoints: l.nextYearPoints,
    available: onMarket(l),
  };
}

/** The cookie entry of SPEC section 3, written from database values only. */
function toEntry(l: SavedListingRow): FavoriteEntry {
  return [
    l.id,
    titleOf(l),
    monthName(l.useMonth),
    l.contractPoints,
    centsToDollars(l.pricePerPointCents),
    l.prevYearPoints,
    l.currYearPoints,
    l.nextYearPoints,
  ];
}

/** The saved listings that still exist and were public, in the visitor's order. */
async function loadVisible(db: Db, ids: readonly number[]) {
  const byId = new Map((await selectSavedListings(db, ids)).map((l) => [l.id, l]));
  return ids.map((id) => byId.get(id)).filter((l): l is SavedListingRow => l !== undefined && wasPublic(l));
}

/**
 * The favorites of a visitor from the ids in their cookie (nothing else in the cookie is read). Listings that
 * left the market stay, marked unavailable; ids that never were public listings drop out.
 */
export async function listFavorites(db: Db, ids: readonly number[]): Promise<FavoriteRow[]> {
  return (await loadVisible(db, ids)).map(toRow);
}

/** The ids the header count and the toggles go by (the same listings as listFavorites). */
export async function getFavoriteIds(db: Db, ids: readonly number[]): Promise<number[]> {
  return (await loadVisible(db, ids)).map((l) => l.id);
}

export type FavoritesChange = { favorite: boolean; title: string; entries: FavoriteEntry[] };

/**
 * SPEC section 4 "Favorites toggle": a listing in the list is removed, otherwise added. Only a listing on the
 * market can be added (404 otherwise); a full list is a 409. The new cookie entries are built from the database.
 */
export async function toggleFavorite(db: Db, input: { ids: readonly number[]; listingId: number }) {
  const rows = await loadVisible(db, [...new Set([...input.ids, input.listingId])]);
  const visible = new Set(rows.map((l) => l.id));
  const current = input.ids.filter((id) => visible.has(id));
  const listing = rows.find((l) => l.id === input.listingId);
  if (!current.includes(input.listingId) && !(listing && onMarket(listing)))
    throw new AppError("NOT_FOUND", "This listing is not on the market, so it cannot be added to your favorites.");
  const result = toggleId(current, input.listingId, MAX_FAVORITES);
  if ("full" in result)
    throw new AppError(
      "CONFLICT",
      `Your favorites list is full (${MAX_FAVORITES} listings). Remove one before adding another.`,
    );
  return entriesFor(rows, result.ids, result.added, listing);
}

/** Takes a listing out of the favorites (idempotent: removing one that is not there changes nothing). */
export async function removeFavorite(db: Db, input: { ids: readonly number[]; listingId: number }) {
  const keep = input.ids.filter((id) => id !== input.listingId);
  const rows = await loadVisible(db, keep);
  return entriesFor(rows, keep, false, undefined);
}

function entriesFor(
  rows: SavedListingRow[],
  ids: readonly number[],
  favorite: boolean,
  listing: SavedListingRow | undefined,
): FavoritesChange {
  const byId = new Map(rows.map((l) => [l.id, l]));
  const entries = ids.flatMap((id) => {
    const l = byId.get(id);
    return l ? [toEntry(l)] : [];
  });
  return { favorite, title: listing ? titleOf(listing) : "", entries };
}

/**
 * Decision 0092: who the favourites belong to. Anonymous: the cookie only. Signed in: the account's rows, and the
 * cookie's listings are merged into them (unless an administrator is acting as the person: the administrator's
 * browser is not theirs).
 */
export type FavoritesOwner = { userId: string; mergeCookie: boolean } | null;

export function favoritesOwnerOf(viewer: { id: string; impersonatedBy?: string | null } | null): FavoritesOwner {
  return viewer ? { userId: viewer.id, mergeCookie: !viewer.impersonatedBy } : null;
}

/**
 * The favourite ids of a visitor, in order. For a signed-in person: the account's listings, then the cookie's ones
 * not yet in it (and not removed by the person), cut at MAX_FAVORITES; the cookie's listings that fit are written to the account (the merge on
 * sign-in, or on the first request of a signed-in visitor carrying the cookie; repeating it changes nothing).
 */
export async function resolveFavoriteIds(
  db: Db,
  owner: FavoritesOwner,
  cookieIds: readonly number[],
): Promise<number[]> {
  if (!owner) return getFavoriteIds(db, cookieIds);
  const { ids: stored, removed } = await selectUserFavorites(db, owner.userId);
  // A listing the person removed (on any device) is not brought back by a cookie that still holds it.
  const fromCookie = owner.mergeCookie ? cookieIds.filter((id) => !removed.has(id)) : [];
  const union = [...new Set([...stored, ...fromCookie])];
  const visible = (await getFavoriteIds(db, union)).slice(0, MAX_FAVORITES);
  const have = new Set(stored);
  const missing = visible.filter((id) => !have.has(id));
  if (missing.length > 0) await insertUserFavorites(db, owner.userId, missing, MAX_FAVORITES);
  return visible;
}

/** The toggle or removal of a signed-in person, written to their account (the cookie is written by the route). */
export async function recordFavoriteChange(
  db: Db,
  owner: NonNullable<FavoritesOwner>,
  change: { listingId: number; favorite: boolean },
) {
  if (change.favorite) await insertUserFavorites(db, owner.userId, [change.listingId], MAX_FAVORITES, true);
  else await removeUserFavorites(db, owner.userId, [change.listingId]);
}

/** The favourite ids of the visitor making this request (the shell's header count and toggles go by them). */
export async function favoriteIdsForRequest(db: Db, request: Request): Promise<number[]> {
  const owner = favoritesOwnerOf(await getViewer(request));
  return resolveFavoriteIds(db, owner, favoriteIdsFromCookieHeader(request.headers.get("cookie")));
}

/** An account was deleted: its saved listings go with it (decision 0092). */
export async function forgetFavoritesOf(tx: Db | Tx, userId: string) {
  await deleteAllUserFavorites(tx, userId);
}
