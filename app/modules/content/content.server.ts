import type { Db } from "~/db/client.server";
import { selectMenuItems } from "./content.queries.server";

export type MenuLink = { label: string; href: string; description: string | null; children: MenuLink[] };
export type Menus = Record<string, MenuLink[]>;
export type { QuickFact } from "./quick-facts.server";

/**
 * Header mega menus and footer link groups, keyed by menu name (buyers, sellers, quick_facts, footer_*): the shown
 * top-level items in order, each with its shown children (decision 0065). A hidden item hides its children too.
 */
export async function getMenus(db: Db): Promise<Menus> {
  const rows = await selectMenuItems(db);
  const menus: Menus = {};
  const byId = new Map<number, MenuLink>();
  for (const r of rows) {
    if (!r.visible || r.parentId !== null) continue;
    const link = { label: r.label, href: r.href, description: r.description, children: [] };
    byId.set(r.id, link);
    menus[r.menu] ??= [];
    menus[r.menu].push(link);
  }
  for (const r of rows) {
    if (!r.visible || r.parentId === null) continue;
    byId.get(r.parentId)?.children.push({ label: r.label, href: r.href, description: r.description, children: [] });
  }
  return menus;
}
