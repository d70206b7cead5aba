import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { headerBanners } from "~/db/schema";

/** The live banner flagged for every page, the latest to start first (decision 0068). */
export async function selectLiveBanner(db: Db) {
  const rows = await db
    .select({
      id: headerBanners.id,
      title: headerBanners.title,
      text: headerBanners.text,
      detailText: headerBanners.detailText,
      callToActionText: headerBanners.callToActionText,
      callToActionLink: headerBanners.callToActionLink,
      backgroundColor: headerBanners.backgroundColor,
      textColor: headerBanners.textColor,
      fontSize: headerBanners.fontSize,
      lineHeight: headerBanners.lineHeight,
    })
    .from(headerBanners)
    .where(and(eq(headerBanners.status, "live"), eq(headerBanners.showOnAllPages, true)))
    .orderBy(desc(headerBanners.startsAt), desc(headerBanners.id))
    .limit(1);
  return rows[0] ?? null;
}
