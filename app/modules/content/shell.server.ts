import type { Viewer } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { getMenus, type Menus } from "./content.server";
import { getHeaderBanner, type HeaderBannerView } from "./header-banner.server";
import { getQuickFactsMenu, type QuickFact } from "./quick-facts.server";
import { getPageContext, type PageContext } from "./pages.server";
import type { SiteInfo } from "~/modules/settings/settings.schema";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { getServices } from "~/lib/runtime.server";
import { compareIdsFromCookieHeader } from "~/modules/listings/compare";
import { getCompareIds } from "~/modules/listings/compare.server";
import { favoriteIdsFromCookieHeader } from "~/modules/listings/favorites";
import { getFavoriteIds } from "~/modules/listings/favorites.server";
import type { NotificationBell } from "~/modules/notifications/user-notifications.schema";
import { getNotificationBell } from "~/modules/notifications/user-notifications.server";

export type ShellData = {
  viewer: Viewer | null;
  site: SiteInfo;
  menus: Menus;
  quickFacts: QuickFact[];
  /** The mission statement above the quick facts (SPEC section 3), if the administrator wrote one. */
  mission: string | null;
  year: number;
  /** The visitor's favorites (cookie `my-favorite-listings`), checked against the database: ids and count. */
  favoriteIds: number[];
  favoritesCount: number;
  /** The listings in the visitor's comparison (cookie `compare-listings`) that are still on the market. */
  compareIds: number[];
  /** The signed-in person's bell: unread count and the newest notifications (null when signed out). */
  notifications: NotificationBell | null;
  /** The live header banner shown above every public page (null: none). */
  headerBanner: HeaderBannerView | null;
  /** The published page row of this path, if any: its heading, intro and related pages (issue 32, decision 0078). */
  page: PageContext;
};

/** What every page's shell needs: who is signed in, the site's contact details and the menus. */
export async function getShellData(request: Request): Promise<ShellData> {
  const { db } = await getServices();
  const cookie = request.headers.get("cookie");
  const [viewer, site, menus, { facts: quickFacts, mission }, favoriteIds, compareIds, headerBanner, page] =
    await Promise.all([
      getViewer(request),
      getSiteInfo(db),
      getMenus(db),
      getQuickFactsMenu(db),
      getFavoriteIds(db, favoriteIdsFromCookieHeader(cookie)),
      getCompareIds(db, compareIdsFromCookieHeader(cookie)),
      getHeaderBanner(db),
      getPageContext(db, new URL(request.url).pathname),
    ]);
  const notifications = viewer ? await getNotificationBell({ db }, { actor: viewer }) : null;
  return {
    viewer,
    site,
    menus,
    quickFacts,
    mission,
    year: new Date().getUTCFullYear(),
    favoriteIds,
    favoritesCount: favoriteIds.length,
    compareIds,
    notifications,
    headerBanner,
    page,
  };
}
