import { getServices } from "~/lib/runtime.server";
import { getSitemapEntries, sitemapXml } from "~/modules/content/sitemap.server";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml from data (issue 32): the home page, the published content pages, the resorts and their tabs, the
 * listings for sale and recently sold, each with its lastmod, as absolute URLs on the request's origin.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const entries = await getSitemapEntries((await getServices()).db);
  return new Response(sitemapXml(origin, entries), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
