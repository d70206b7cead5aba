import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { listings } from "~/db/schema";

const workflowColumns = {
  id: listings.id,
  listingCode: listings.listingCode,
  sellerId: listings.sellerId,
  resortId: listings.resortId,
  listingStatusId: listings.listingStatusId,
  approvedAt: listings.approvedAt,
};

export type ListingWorkflowRow = {
  id: number;
  listingCode: string;
  sellerId: string | null;
  resortId: number;
  listingStatusId: number;
  approvedAt: Date | null;
};

export async function selectListingForWorkflow(tx: Tx, id: number): Promise<ListingWorkflowRow | null> {
  const [row] = await tx.select(workflowColumns).from(listings).where(eq(listings.id, id)).limit(1);
  return row ?? null;
}

/** The listing workflow's one status write: only where the status is still one of `from` (one statement). */
export async function updateListingStatusWhere(
  tx: Tx,
  id: number,
  change: { from: readonly number[]; to: number; set: Record<string, unknown> },
): Promise<ListingWorkflowRow | null> {
  const [row] = await tx
    .update(listings)
    .set({ ...change.set, listingStatusId: change.to, updatedAt: new Date() })
    .where(and(eq(listings.id, id), inArray(listings.listingStatusId, [...change.from])))
    .returning(workflowColumns);
  return row ?? null;
}

/** A seller's listings in these statuses, e.g. to close them with the account. */
export function selectSellerListingsIn(tx: Tx, sellerId: string, statusIds: number[]) {
  return tx
    .select({ id: listings.id, listingCode: listings.listingCode })
    .from(listings)
    .where(and(eq(listings.sellerId, sellerId), inArray(listings.listingStatusId, statusIds)))
    .orderBy(listings.id);
}
