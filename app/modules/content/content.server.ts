import type { Db } from "~/db/client.server";
import { selectMenuItems } from "./content.queries.server";

export type MenuLink = { label: string; href: string; description: string | null };
export type Menus = Record<string, MenuLink[]>;
export type { QuickFact } from "./quick-facts.server";

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
