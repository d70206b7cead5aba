import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { seoEntries } from "~/db/schema";

export async function selectSeoEntry(db: Db, path: string) {
  const [row] = await db
    .select({
      title: seoEntries.title,
      description: seoEntries.description,
      canonical: seoEntries.canonical,
      imagePath: seoEntries.imagePath,
      noindex: seoEntries.noindex,
    })
    .from(seoEntries)
    .where(eq(seoEntries.path, path))
    .limit(1);
  return row ?? null;
}

/** The addresses the staff asked search engines not to index (the sitemap leaves them out). */
export async function selectNoindexPaths(db: Db): Promise<string[]> {
  const rows = await db.select({ path: seoEntries.path }).from(seoEntries).where(eq(seoEntries.noindex, true));
  return rows.map((r) => r.path);
}
