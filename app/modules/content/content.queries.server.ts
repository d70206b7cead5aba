import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { bestPractices, listings, menuItems, quickFacts } from "~/db/schema";

export function selectMenuItems(db: Db) {
  return db
    .select({
      id: menuItems.id,
      parentId: menuItems.parentId,
      visible: menuItems.visible,
      menu: menuItems.menu,
      label: menuItems.label,
      href: menuItems.href,
      description: menuItems.description,
    })
    .from(menuItems)
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

export function selectQuickFacts(db: Db) {
  return db
    .select({ key: quickFacts.key, title: quickFacts.title, value: quickFacts.value, link: quickFacts.link })
    .from(quickFacts)
    .orderBy(asc(quickFacts.sortOrder), asc(quickFacts.id));
}

/** Listings (not test ones) in any of these statuses. */
export async function countListingsByStatus(db: Db | Tx, statusIds: number[]) {
  if (statusIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(inArray(listings.listingStatusId, statusIds), eq(listings.isTest, false)));
  return Number(row?.n ?? 0);
}

export function selectBestPractices(db: Db, audiences: ("all" | "buyer" | "seller")[]) {
  return db
    .select()
    .from(bestPractices)
    .where(inArray(bestPractices.audience, audiences))
    .orderBy(asc(bestPractices.sortOrder), asc(bestPractices.id));
}
