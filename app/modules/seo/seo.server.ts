import type { Db } from "~/db/client.server";
import { readSettings } from "~/modules/admin/settings.server";
import { isSeoPath, normalizeSeoPath, type SeoShell } from "./seo";
import { selectSeoEntry } from "./seo.queries.server";
import { SEO_SETTINGS } from "./seo-settings.schema";

export { selectNoindexPaths } from "./seo.queries.server";

/** What every page's `meta` needs from /admin/seo for this address (decision 0085): the entry, the defaults. */
export async function getSeoShell(db: Db, input: { pathname: string; origin: string }): Promise<SeoShell> {
  const path = normalizeSeoPath(input.pathname);
  // Admin, account and API addresses have no public meta: no queries for them.
  if (!isSeoPath(path)) return { origin: input.origin, defaultImage: null, entry: null };
  const [entry, settings] = await Promise.all([selectSeoEntry(db, path), readSettings(db, SEO_SETTINGS)]);
  return { origin: input.origin, defaultImage: settings.preview.defaultImage || null, entry };
}
