import { href } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { CONTENT_PAGES } from "~/modules/content/content-pages";
import { listResorts } from "~/modules/resorts/resorts.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** /sitemap.xml: home, the guide pages, /resorts and every resort page, as absolute URLs on the request's origin. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const { db } = await getServices();
  const resorts = await listResorts(db);
  const paths = [
    "/",
    ...CONTENT_PAGES.map((p) => p.href).filter((path) => path !== href("/resorts")),
    href("/resorts"),
    href("/dvc-financing"),
    // Issue 31: the dues and prices pages.
    href("/dvc-retail-prices"),
    href("/dvc-compare-prices"),
    href("/dvc-expiration-date"),
    href("/buying-vacation-point-calculator"),
    ...resorts.map((r) => href("/resorts/:resort", { resort: r.slug })),
    href("/market"), // issue 31: open market data
    href("/selling/rvc"), // issue 31: the resale value calculator
    // Issue 31: each resort's rooms, dining and map tabs (the interval-resorts page has none).
    ...resorts
      .filter((r) => !r.isInterval)
      .flatMap((r) => (["rooms", "dining", "map"] as const).map((tab) => `/resorts/${r.slug}/${tab}`)),
  ];
  const urls = [...new Set(paths)].map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
