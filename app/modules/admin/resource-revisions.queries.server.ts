import { and, desc, eq, max } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { resourceRevisions, user } from "~/db/schema";

type Conn = Db | Tx;
const of = (resource: string, rowKey: string) =>
  and(eq(resourceRevisions.resource, resource), eq(resourceRevisions.rowKey, rowKey));

/** Keeps one version of a row: numbered one after the row's last (decision 0069). */
export async function insertRevision(
  tx: Tx,
  r: { resource: string; rowKey: string; values: Record<string, unknown>; savedBy: string | null },
) {
  const [last] = await tx
    .select({ n: max(resourceRevisions.version) })
    .from(resourceRevisions)
    .where(of(r.resource, r.rowKey));
  const version = (last?.n ?? 0) + 1;
  await tx.insert(resourceRevisions).values({ ...r, version });
  return version;
}

/** A row's versions, newest first, with who saved each (their name, when the account still exists). */
export async function selectRevisions(db: Conn, resource: string, rowKey: string) {
  return db
    .select({
      version: resourceRevisions.version,
      values: resourceRevisions.values,
      savedAt: resourceRevisions.savedAt,
      savedBy: user.name,
    })
    .from(resourceRevisions)
    .leftJoin(user, eq(user.id, resourceRevisions.savedBy))
    .where(of(resource, rowKey))
    .orderBy(desc(resourceRevisions.version))
    .limit(200);
}

/** One version of a row, or null. */
export async function selectRevision(db: Conn, resource: string, rowKey: string, version: number) {
  const [row] = await db
    .select({ version: resourceRevisions.version, values: resourceRevisions.values })
    .from(resourceRevisions)
    .where(and(of(resource, rowKey), eq(resourceRevisions.version, version)))
    .limit(1);
  return row ?? null;
}
