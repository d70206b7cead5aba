import type { Viewer } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { getMenus, getQuickFacts, type Menus, type QuickFact } from "./content.server";
import type { SiteInfo } from "~/modules/settings/settings.schema";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { getServices } from "~/lib/runtime.server";
import { compareIdsFromCookieHeader } from "~/modules/listings/compare";
import { getCompareIds } from "~/modules/listings/compare.server";
import { favoriteIdsFromCookieHeader } from "~/modules/listings/favorites";
import { getFavoriteIds } from "~/modules/listings/favorites.server";

export type ShellData = {
  viewer: Viewer | null;
  site: SiteInfo;
  menus: Menus;
  quickFacts: QuickFact[];
  year: number;
  /** The visitor's favorites (cookie `my-favorite-listings`), checked against the database: ids and count. */
  favoriteIds: number[];
  favoritesCount: number;
  /** The listings in the visitor's comparison (cookie `compare-listings`) that are still on the market. */
  compareIds: number[];
};

/** What every page's shell needs: who is signed in, the site's contact details and the menus. */
export async function getShellData(request: Request): Promise<ShellData> {
  const { db } = await getServices();
  const cookie = request.headers.get("cookie");
  const [viewer, site, menus, quickFacts, favoriteIds, compareIds] = await Promise.all([
    getViewer(request),
    getSiteInfo(db),
    getMenus(db),
    getQuickFacts(db),
    getFavoriteIds(db, favoriteIdsFromCookieHeader(cookie)),
    getCompareIds(db, compareIdsFromCookieHeader(cookie)),
  ]);
  return {
    viewer,
    site,
    menus,
    quickFacts,
    year: new Date().getUTCFullYear(),
    favoriteIds,
    favoritesCount: favoriteIds.length,
    compareIds,
  };
}
