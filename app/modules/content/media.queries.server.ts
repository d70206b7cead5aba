import { desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { media } from "~/db/schema";

export type { MediaVariant } from "~/db/schema";

/** The media library's own queries (decision 0067). */

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export async function insertMedia(tx: Tx, row: NewMediaRow): Promise<MediaRow> {
  const [inserted] = await tx.insert(media).values(row).returning();
  return inserted;
}

export async function selectMediaById(db: Db | Tx, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(media).where(eq(media.id, id)).limit(1);
  const rows = await (opts.forUpdate ? q.for("update") : q);
  return rows[0] ?? null;
}

export async function selectMediaByKey(db: Db | Tx, key: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(media).where(eq(media.storageKey, key)).limit(1);
  const rows = await (opts.forUpdate ? q.for("update") : q);
  return rows[0] ?? null;
}

export async function updateMediaMeta(
  tx: Tx,
  id: number,
  meta: { title: string; alt: string; description: string },
): Promise<void> {
  await tx.update(media).set(meta).where(eq(media.id, id));
}

/** Newest first; `q` matched anywhere (any case) in the title, alt text, description or original name. */
export async function searchMedia(db: Db, args: { q: string; limit: number; offset: number }) {
  const pattern = `%${args.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = args.q
    ? or(
        ilike(media.title, pattern),
        ilike(media.alt, pattern),
        ilike(media.description, pattern),
        ilike(media.originalName, pattern),
      )
    : undefined;
  const rows = await db
    .select()
    .from(media)
    .where(where)
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(args.limit)
    .offset(args.offset);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(media).where(where);
  return { rows, total };
}
