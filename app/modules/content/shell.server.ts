import type { Viewer } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { getMenus, getQuickFacts, type Menus, type QuickFact } from "./content.server";
import type { SiteInfo } from "~/modules/settings/settings.schema";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { getServices } from "~/lib/runtime.server";

export type ShellData = {
  viewer: Viewer | null;
  site: SiteInfo;
  menus: Menus;
  quickFacts: QuickFact[];
  year: number;
};

/** What every page's shell needs: who is signed in, the site's contact details and the menus. */
export async function getShellData(request: Request): Promise<ShellData> {
  const { db } = await getServices();
  const [viewer, site, menus, quickFacts] = await Promise.all([
    getViewer(request),
    getSiteInfo(db),
    getMenus(db),
    getQuickFacts(db),
  ]);
  return { viewer, site, menus, quickFacts, year: new Date().getUTCFullYear() };
}
