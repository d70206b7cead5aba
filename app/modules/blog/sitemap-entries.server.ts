import { href } from "react-router";
import type { Db } from "~/db/client.server";
import { selectHelpPages, selectPostLastmods } from "./blog.queries.server";

export type SitemapEntry = { path: string; lastmod: string };

/**
 * The blog's and the help centre's addresses for sitemap.xml (decision 0080), each with its last change: /blogs and
 * every published post, /help and every published support page. Paths only; the sitemap adds the origin.
 */
export async function blogSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [posts, pages] = await Promise.all([selectPostLastmods(db), selectHelpPages(db)]);
  const latest = (dates: Date[]) =>
    dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString() : new Date(0).toISOString();
  const entries: SitemapEntry[] = [];
  if (posts.length) entries.push({ path: href("/blogs"), lastmod: latest(posts.map((p) => p.updatedAt)) });
  for (const p of posts)
    entries.push({ path: href("/blogs/:slug", { slug: p.slug }), lastmod: p.updatedAt.toISOString() });
  if (pages.length) entries.push({ path: href("/help"), lastmod: latest(pages.map((p) => p.updatedAt)) });
  for (const p of pages)
    entries.push({ path: href("/help/:slug", { slug: p.slug }), lastmod: p.updatedAt.toISOString() });
  return entries;
}
