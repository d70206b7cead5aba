import { and, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import type { ResourceDeclaration } from "./resource";
import { scopeOf } from "./resource-engine.queries.server";

/** The stored rows (every column, by property name) of these ids, inside the resource's scope (decision 0069). */
export async function selectStoredRows(db: Db | Tx, decl: ResourceDeclaration, ids: (string | number)[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(decl.table)
    .where(and(inArray(decl.id, ids), scopeOf(decl)));
  return rows as Record<string, unknown>[];
}
