import type { Db } from "~/db/client.server";
import { selectMenuItems, selectQuickFacts } from "./content.queries.server";

export type MenuLink = { label: string; href: string; description: string | null };
export type Menus = Record<string, MenuLink[]>;
export type QuickFact = { key: string; title: string; value: string; link: string | null };

/** Header mega menus and footer link groups, keyed by menu name (buyers, sellers, quick_facts, footer_*). */
export async function getMenus(db: Db): Promise<Menus> {
  const rows = await selectMenuItems(db);
  const menus: Menus = {};
  for (const r of rows) {
    const { menu, ...link } = r;
    menus[menu] ??= [];
    menus[menu].push(link);
  }
  return menus;
}

export function getQuickFacts(db: Db): Promise<QuickFact[]> {
  return selectQuickFacts(db);
}
