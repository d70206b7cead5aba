import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { resorts, sales } from "~/db/schema";

const resortColumns = {
  id: resorts.id,
  code: resorts.code,
  name: resorts.name,
  slug: resorts.slug,
  location: resorts.location,
  contractEndYear: resorts.contractEndYear,
  extendedEndYear: resorts.extendedEndYear,
  endYearUnverified: resorts.endYearUnverified,
  endYearSource: resorts.endYearSource,
  duesPerPointCents: resorts.duesPerPointCents,
  duesYear: resorts.duesYear,
  duesSource: resorts.duesSource,
  duesEstimated: resorts.duesEstimated,
  logoPath: resorts.logoPath,
  photoPath: resorts.photoPath,
  summary: resorts.summary,
  isInterval: resorts.isInterval,
  sortOrder: resorts.sortOrder,
  latitude: resorts.latitude,
  longitude: resorts.longitude,
  openingYear: resorts.openingYear,
  homeBookingMonths: resorts.homeBookingMonths,
  otherBookingMonths: resorts.otherBookingMonths,
  description: resorts.description,
};

export function selectResorts(db: Db) {
  return db.select(resortColumns).from(resorts).orderBy(asc(resorts.sortOrder), asc(resorts.name));
}

export function selectResortBySlug(db: Db, slug: string) {
  return db.select(resortColumns).from(resorts).where(eq(resorts.slug, slug)).limit(1);
}

/**
 * The last closed sales at a resort (issue 27), newest first: the sales of closed agreements (a developer's buy-back
 * is not a resale and is left out). Read only.
 */
export function selectLastSales(db: Db, resortId: number, limit: number) {
  return db
    .select({
      id: sales.id,
      points: sales.points,
      useMonth: sales.useMonth,
      pricePerPointCents: sales.pricePerPointCents,
      closedAt: sales.closedAt,
    })
    .from(sales)
    .where(and(eq(sales.resortId, resortId), eq(sales.rofrResult, "waived")))
    .orderBy(desc(sales.closedAt), desc(sales.id))
    .limit(limit);
}

/** Every resort's id and code. */
export function selectResortKeys(db: Db) {
  return db.select({ id: resorts.id, code: resorts.code }).from(resorts);
}
