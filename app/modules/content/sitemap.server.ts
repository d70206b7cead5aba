import { href } from "react-router";
import type { Db } from "~/db/client.server";
import { listResorts } from "~/modules/resorts/resorts.server";
import { selectPublishedPages, selectResortListingChanges, selectSitemapListings } from "./pages.queries.server";
import { selectNoindexPaths } from "~/modules/seo/seo.server";
import { pathOfRoute } from "./pages.server";
import { blogSitemapEntries } from "~/modules/blog/sitemap-entries.server";

/**
 * /sitemap.xml from data (issue 32, decision 0078). Each source gives the paths it knows with the time each last
 * changed (null: unknown, no `lastmod`). The blog's posts and the help pages join by adding a source to
 * `SITEMAP_SOURCES`.
 */
export type SitemapEntry = { path: string; lastmod: Date | null };
export type SitemapSource = { name: string; entries: (db: Db) => Promise<SitemapEntry[]> };

/** Sold and under-contract listings stay in the sitemap this long after their last change (their pages stay up). */
export const RECENTLY_SOLD_DAYS = 90;

const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/** The pages whose content is code and have no row (the home page; the listing searches). */
const fixedPages: SitemapSource = {
  name: "fixed pages",
  entries: async () => [
    { path: href("/"), lastmod: null },
    { path: href("/listings"), lastmod: null },
  ],
};

const contentPages: SitemapSource = {
  name: "content pages",
  entries: async (db) =>
    (await selectPublishedPages(db)).map((p) => ({ path: pathOfRoute(p.route), lastmod: p.updatedAt })),
};

/** Each resort's page and tabs, changed when one of its listings last changed. */
const resortPages: SitemapSource = {
  name: "resorts",
  entries: async (db) => {
    const [resorts, changes] = await Promise.all([listResorts(db), selectResortListingChanges(db)]);
    const changed = new Map(changes.map((c) => [c.resortId, toDate(c.changedAt)]));
    return resorts.flatMap((r) => {
      const lastmod = changed.get(r.id) ?? null;
      const page = href("/resorts/:resort", { resort: r.slug });
      const tabs = r.isInterval
        ? []
        : [
            href("/resorts/:resort/rooms", { resort: r.slug }),
            href("/resorts/:resort/dining", { resort: r.slug }),
            href("/resorts/:resort/map", { resort: r.slug }),
          ];
      return [page, ...tabs].map((path) => ({ path, lastmod }));
    });
  },
};

/** Every listing for sale, and those sold or under contract in the last RECENTLY_SOLD_DAYS days. */
const listingPages: SitemapSource = {
  name: "listings",
  entries: async (db) => {
    const since = new Date(Date.now() - RECENTLY_SOLD_DAYS * 86_400_000);
    return (await selectSitemapListings(db, since)).map((l) => ({
      path: href("/listing-info/:id", { id: String(l.id) }),
      lastmod: l.updatedAt,
    }));
  },
};

/** The blog (/blogs and each published post) and the help centre (decision 0080). */
const blogAndHelp: SitemapSource = {
  name: "blog and help centre",
  entries: async (db) => (await blogSitemapEntries(db)).map((e) => ({ path: e.path, lastmod: toDate(e.lastmod) })),
};

/** The sitemap's sources, in order. */
export const SITEMAP_SOURCES: SitemapSource[] = [fixedPages, contentPages, resortPages, listingPages, blogAndHelp];

/**
 * Every path of the sitemap once (the first source to name a path wins), with its lastmod; an address the SEO
 * manager marks "not indexed" is left out (decision 0085).
 */
export async function getSitemapEntries(db: Db, sources: SitemapSource[] = SITEMAP_SOURCES): Promise<SitemapEntry[]> {
  const [all, noindex] = await Promise.all([Promise.all(sources.map((s) => s.entries(db))), selectNoindexPaths(db)]);
  const seen = new Set<string>(noindex);
  const out: SitemapEntry[] = [];
  for (const e of all.flat()) {
    if (seen.has(e.path)) continue;
    seen.add(e.path);
    out.push(e);
  }
  return out;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** The sitemap document for a site at `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
