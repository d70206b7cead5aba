import { asc, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bestPractices, menuItems, quickFacts } from "~/db/schema";

export function selectMenuItems(db: Db) {
  return db
    .select({ menu: menuItems.menu, label: menuItems.label, href: menuItems.href, description: menuItems.description })
    .from(menuItems)
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

export function selectQuickFacts(db: Db) {
  return db
    .select({ key: quickFacts.key, title: quickFacts.title, value: quickFacts.value, link: quickFacts.link })
    .from(quickFacts)
    .orderBy(asc(quickFacts.sortOrder));
}

export function selectBestPractices(db: Db, audiences: ("all" | "buyer" | "seller")[]) {
  return db
    .select()
    .from(bestPractices)
    .where(inArray(bestPractices.audience, audiences))
    .orderBy(asc(bestPractices.sortOrder), asc(bestPractices.id));
}
