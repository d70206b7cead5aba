import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { headerBanners } from "~/db/schema";

/**
 * The live banner for every page (`allPages`) or for flagged pages only, the latest to start first (decision 0068).
 */
export async function selectLiveBanner(db: Db, allPages: boolean) {
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
      showOnAllPages: headerBanners.showOnAllPages,
      startsAt: headerBanners.startsAt,
    })
    .from(headerBanners)
    .where(and(eq(headerBanners.status, "live"), eq(headerBanners.showOnAllPages, allPages)))
    .orderBy(desc(headerBanners.startsAt), desc(headerBanners.id))
    .limit(1);
  return rows[0] ?? null;
}
