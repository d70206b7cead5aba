import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { resorts, titleCompanyCosts } from "~/db/schema";

type Conn = Db | Tx;

/** A resort's id by its code, or null. */
export async function selectResortIdByCode(db: Conn, code: string): Promise<number | null> {
  const [row] = await db.select({ id: resorts.id }).from(resorts).where(eq(resorts.code, code)).limit(1);
  return row?.id ?? null;
}

/** When a cost row was last changed, or null when there is no such row. */
export async function selectCostRowUpdatedAt(db: Conn, id: number): Promise<Date | null> {
  const [row] = await db
    .select({ updatedAt: titleCompanyCosts.updatedAt })
    .from(titleCompanyCosts)
    .where(eq(titleCompanyCosts.id, id))
    .limit(1);
  return row?.updatedAt ?? null;
}
