import type { Db } from "~/db/client.server";
import { getSettings } from "~/modules/settings/settings.server";
import { selectFeaturedListings } from "./listings.queries.server";

export type FeaturedListing = {
  id: number;
  listingCode: string;
  source: "member" | "broker";
  resort: { code: string; name: string; slug: string; logoPath: string; photoPath: string | null };
  useMonth: number;
  contractPoints: number;
  pricePerPointCents: number;
  prevYearPoints: number;
  currYearPoints: number;
  nextYearPoints: number;
};

const DEFAULT_FEATURED_COUNT = 12;
const MAX_FEATURED_COUNT = 50;

function featuredCount(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) return DEFAULT_FEATURED_COUNT;
  return Math.min(n, MAX_FEATURED_COUNT);
}

/** The listings for the home page's featured carousel; how many is the admin setting featured_listings_count. */
export async function getFeaturedListings(db: Db): Promise<FeaturedListing[]> {
  const { featured_listings_count } = await getSettings(db, ["featured_listings_count"]);
  const rows = await selectFeaturedListings(db, featuredCount(featured_listings_count));
  return rows.map(({ resortCode, resortName, resortSlug, resortLogoPath, resortPhotoPath, ...r }) => ({
    ...r,
    prevYearPoints: r.prevYearPoints ?? 0,
    currYearPoints: r.currYearPoints ?? 0,
    nextYearPoints: r.nextYearPoints ?? 0,
    resort: {
      code: resortCode,
      name: resortName,
      slug: resortSlug,
      logoPath: resortLogoPath,
      photoPath: resortPhotoPath,
    },
  }));
}
