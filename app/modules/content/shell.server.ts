import type { Viewer } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { getMenus, type Menus } from "./content.server";
import { getShellDesign, type ShellDesign } from "./design-settings.server";
import { getHeaderBanners, type HeaderBanners } from "./header-banner.server";
import { getQuickFactsMenu, type QuickFact } from "./quick-facts.server";
import { getPageContext, type PageContext } from "./pages.server";
import type { SiteInfo } from "~/modules/settings/settings.schema";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { samePlace } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { sharedRead } from "~/lib/shared-reads.server";
import { compareIdsFromCookieHeader } from "~/modules/listings/compare";
import { getCompareIds } from "~/modules/listings/compare.server";
import { favoriteIdsForRequest } from "~/modules/listings/favorites.server";
import type { NotificationBell } from "~/modules/notifications/user-notifications.schema";
import { getNotificationBell } from "~/modules/notifications/user-notifications.server";
import { getVoicesShell, type VoicesShell } from "~/modules/voices/voices-shell.server";
import type { SeoShell } from "~/modules/seo/seo";
import { getSeoShell } from "~/modules/seo/seo.server";
import { type ScoreBand, scoreBandsOf } from "~/lib/format";
import { getScoreThresholds } from "~/modules/settings/tweaks.server";

export type ShellData = {
  viewer: Viewer | null;
  site: SiteInfo;
  menus: Menus;
  quickFacts: QuickFact[];
  /** The mission statement above the quick facts (SPEC section 3), if the administrator wrote one. */
  mission: string | null;
  year: number;
  /** The visitor's favorites (cookie `my-favorite-listings`, and the account's when signed in), checked against the database. */
  favoriteIds: number[];
  favoritesCount: number;
  /** The listings in the visitor's comparison (cookie `compare-listings`) that are still on the market. */
  compareIds: number[];
  /** The signed-in person's bell: unread count and the newest notifications (null when signed out). */
  notifications: NotificationBell | null;
  /** The live header banners, for every page and for flagged pages (`bannerForPage` picks a page's). */
  headerBanners: HeaderBanners;
  /** /admin/frontend-design-settings: logo, header colours, footer text, the home page's plane banner. */
  design: ShellDesign;
  /** Issue 32: the reviews badge and sidebar, and the feedback tab (null: not shown to this visitor). */
  voices: VoicesShell;
  /** The published page row of this path, if any: its heading, intro and related pages (issue 32, decision 0078). */
  page: PageContext;
  /** Issue 32: this address's /admin/seo entry and the SEO defaults, read by every page's `meta` (`withSeo`). */
  seo: SeoShell;
  /** The good deal meter's bands from the tweaks' thresholds (/admin/tweaks, decision 0088): every meter reads them. */
  scoreBands: readonly ScoreBand[];
};

/** What every page's shell needs: who is signed in, the site's contact details and the menus. */
export async function getShellData(request: Request): Promise<ShellData> {
  const { db, config } = await getServices();
  const cookie = request.headers.get("cookie");
  // The page's own path: a client-side navigation asks for `<path>.data` (React Router's single fetch).
  const pathname = new URL(samePlace(request), request.url).pathname;
  // The viewer's own reads start as soon as the session is known, beside the rest: one wait, not three in a row.
  const viewerRead = getViewer(request);
  const [
    viewer,
    site,
    menus,
    { facts: quickFacts, mission },
    favoriteIds,
    compareIds,
    headerBanners,
    design,
    page,
    seo,
    scoreThresholds,
    notifications,
    voices,
  ] = await Promise.all([
    viewerRead,
    // What is the same for every visitor is kept in the web process until the next write (decision 0098).
    sharedRead("shell:site", () => getSiteInfo(db)),
    sharedRead("shell:menus", () => getMenus(db)),
    sharedRead("shell:quick-facts", () => getQuickFactsMenu(db)),
    // Decision 0092: a signed-in visitor's are the account's, with this browser's cookie merged into them.
    favoriteIdsForRequest(db, request),
    getCompareIds(db, compareIdsFromCookieHeader(cookie)),
    sharedRead("shell:banners", () => getHeaderBanners(db)),
    sharedRead("shell:design", () => getShellDesign(db)),
    sharedRead(`shell:page:${pathname}`, () => getPageContext(db, pathname)),
    sharedRead(`shell:seo:${config.authUrl}${pathname}`, () => getSeoShell(db, { pathname, origin: config.authUrl })),
    sharedRead("shell:score-thresholds", () => getScoreThresholds(db)),
    viewerRead.then((viewer) => (viewer ? getNotificationBell({ db }, { actor: viewer }) : null)),
    viewerRead.then((viewer) => getVoicesShell({ db }, request, viewer)),
  ]);
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
    headerBanners,
    design,
    voices,
    page,
    seo,
    scoreBands: scoreBandsOf(scoreThresholds),
  };
}
