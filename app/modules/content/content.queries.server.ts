import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { menuItems, quickFacts } from "~/db/schema";

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
