import type { Db } from "~/db/client.server";
import { selectLiveBanner } from "./header-banner.queries.server";

/** What the public shell shows of the live header banner (SPEC section 2). */
export type HeaderBannerView = {
  id: number;
  title: string;
  text: string;
  detailText: string | null;
  callToActionText: string;
  callToActionLink: string | null;
  backgroundColor: string;
  textColor: string;
  fontSize: number;
  /** Unitless (1.5). */
  lineHeight: number;
  /** Shown on every public page; false: only on pages flagged to show the header banner (`showsHeaderBanner`). */
  showOnAllPages: boolean;
  /** ISO start, to choose between two live banners on a flagged page. */
  startsAt: string | null;
};

/** The live banners: the one for every page and the one for flagged pages (each null when none is live). */
export type HeaderBanners = { allPages: HeaderBannerView | null; flaggedPages: HeaderBannerView | null };

/**
 * The live banners (their status is moved to live and to ended by the resource engine's schedule, decision 0068):
 * the latest for every page and the latest for flagged pages only. Which one a page shows: `bannerForPage`
 * (header-banner.ts) with the page's flags.
 */
export async function getHeaderBanners(db: Db): Promise<HeaderBanners> {
  const [all, flagged] = await Promise.all([selectLiveBanner(db, true), selectLiveBanner(db, false)]);
  const view = (b: typeof all): HeaderBannerView | null =>
    b ? { ...b, lineHeight: b.lineHeight / 100, startsAt: b.startsAt ? b.startsAt.toISOString() : null } : null;
  return { allPages: view(all), flaggedPages: view(flagged) };
}

/** The live banner for every page, or null (what an unflagged page shows). */
export async function getHeaderBanner(db: Db): Promise<HeaderBannerView | null> {
  return (await getHeaderBanners(db)).allPages;
}
