import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server";
import { settings } from "~/db/schema";

/**
 * Claims a seed step inside the transaction that does it: true for the one transaction that inserts the marker. A
 * concurrent transaction's INSERT waits for this one to end, then inserts the marker (this one rolled back) or not.
 */
export async function claimSeedStep(tx: Db | Tx, marker: string) {
  const rows = await tx
    .insert(settings)
    .values({ key: marker, value: sql`to_jsonb(now())` })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  return rows.length > 0;
}

/** Whether a table has any row: a step's data from before its marker existed. */
export async function hasRows(tx: Db | Tx, table: PgTable) {
  const rows = await tx.select({ one: sql`1` }).from(table).limit(1);
  return rows.length > 0;
}
