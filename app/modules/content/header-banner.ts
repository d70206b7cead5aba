import type { UIMatch } from "react-router";
import type { HeaderBannerView, HeaderBanners } from "./header-banner.server";

/**
 * A page's flags (SPEC section 3 Page: `show_header_banner`). A page's route says them as `pageFlags` in its loader's
 * data (a page of the pages table) or its `handle` (a page in code); code routes have none today.
 */
export type RouteFlags = { showHeaderBanner?: boolean } | null | undefined;

/**
 * Whether a page is flagged to show the header banner (SPEC section 2 "Header behaviour": a banner shows on all pages
 * or only on pages flagged to show it). Code routes are unflagged; pages of the pages table pass their
 * `show_header_banner`.
 */
export function showsHeaderBanner(routeFlags: RouteFlags): boolean {
  return routeFlags?.showHeaderBanner === true;
}

/** The flags of the page being shown: the deepest route that states them. */
export function routeFlagsOf(matches: UIMatch[]): RouteFlags {
  for (const m of [...matches].reverse()) {
    const fromData = (m.loaderData as { pageFlags?: RouteFlags } | undefined)?.pageFlags;
    if (fromData) return fromData;
    const fromHandle = (m.handle as { pageFlags?: RouteFlags } | undefined)?.pageFlags;
    if (fromHandle) return fromHandle;
  }
  return null;
}

/**
 * The banner a page shows: on a flagged page the latest-started of the two live banners (for every page, for flagged
 * pages); elsewhere the one for every page.
 */
export function bannerForPage(banners: HeaderBanners, routeFlags: RouteFlags): HeaderBannerView | null {
  const { allPages, flaggedPages } = banners;
  if (!showsHeaderBanner(routeFlags) || !flaggedPages) return allPages;
  if (!allPages) return flaggedPages;
  return (flaggedPages.startsAt ?? "") >= (allPages.startsAt ?? "") ? flaggedPages : allPages;
}
