import { and, asc, eq, lte } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { marketingCampaigns } from "~/db/schema";

/** A campaign's row, locked for the rest of the transaction (a scheduled start checks and moves it once). */
export async function lockCampaign(tx: Tx, id: number) {
  const [row] = await tx.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, id)).for("update");
  return row ?? null;
}

/** Scheduled campaigns whose time has come (the sweep's catch-up of a lost job). */
export async function selectDueScheduledCampaigns(db: Db | Tx, now: Date) {
  return db
    .select({ id: marketingCampaigns.id, scheduledAt: marketingCampaigns.scheduledAt })
    .from(marketingCampaigns)
    .where(and(eq(marketingCampaigns.status, "scheduled"), lte(marketingCampaigns.scheduledAt, now)))
    .orderBy(asc(marketingCampaigns.scheduledAt))
    .limit(100);
}
