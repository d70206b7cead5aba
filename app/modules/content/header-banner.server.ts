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
};

/**
 * The banner every public page shows now: the live one (its status is moved to live and to ended by the resource
 * engine's schedule, decision 0068), or null. `show_on_all_pages` stays true until pages carry their own
 * `show_header_banner` flag (spec deviations).
 */
export async function getHeaderBanner(db: Db): Promise<HeaderBannerView | null> {
  const b = await selectLiveBanner(db);
  return b ? { ...b, lineHeight: b.lineHeight / 100 } : null;
}
