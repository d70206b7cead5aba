import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { apiKeys, apiKeyUses } from "~/db/schema";

export async function insertApiKey(
  tx: Tx,
  row: { name: string; prefix: string; secretHash: string; scopes: string[]; perMinute: number; createdBy: string },
) {
  const [k] = await tx.insert(apiKeys).values(row).returning({ id: apiKeys.id });
  return k.id;
}

export async function selectApiKey(db: Db | Tx, id: number) {
  const [k] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return k ?? null;
}

/** The key whose secret hashes to `hash`, revoked or not (a revoked key is refused with its own message). */
export async function selectApiKeyByHash(db: Db, hash: string) {
  const [k] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      perMinute: apiKeys.perMinute,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, hash));
  return k ?? null;
}

/** Revokes a key still in use; false when it was revoked already (or is gone). */
export async function revokeApiKeyRow(tx: Tx, id: number, at: Date) {
  const rows = await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** One request made with a key: logged, and the key's last use moved. */
export async function insertApiKeyUse(db: Db, use: { keyId: number; path: string; status: number; at: Date }) {
  await db.insert(apiKeyUses).values({ keyId: use.keyId, path: use.path, status: use.status, usedAt: use.at });
  await db.update(apiKeys).set({ lastUsedAt: use.at }).where(eq(apiKeys.id, use.keyId));
}

/** Requests per key over the last `days` days (the list's "uses" column). */
export async function countApiKeyUses(db: Db | Tx, ids: number[], since: Date) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ keyId: apiKeyUses.keyId, n: count() })
    .from(apiKeyUses)
    .where(and(sql`${apiKeyUses.keyId} in ${ids}`, gte(apiKeyUses.usedAt, since)))
    .groupBy(apiKeyUses.keyId);
  return new Map(rows.map((r) => [r.keyId, Number(r.n)]));
}
