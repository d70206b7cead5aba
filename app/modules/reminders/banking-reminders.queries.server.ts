import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { bankingReminders, listings, resorts, user } from "~/db/schema";

/**
 * The listings whose sellers may get a banking reminder: members' listings (a seller on record, not a test) that
 * state current use-year points and whose points are still the seller's: pending review, active or under contract
 * (a sold or deactivated listing is not reminded; decision 0089).
 */
export function selectBankingReminderListings(db: Db, statusIds: number[]) {
  return db
    .select({
      id: listings.id,
      source: listings.source,
      listingCode: listings.listingCode,
      useMonth: listings.useMonth,
      points: listings.currYearPoints,
      sellerId: user.id,
      sellerName: user.name,
      sellerEmail: user.email,
      resortName: resorts.name,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.sellerId))
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .where(
      and(
        eq(listings.source, "member"),
        isNotNull(listings.sellerId),
        eq(listings.isTest, false),
        gt(listings.currYearPoints, 0),
        inArray(listings.listingStatusId, statusIds),
      ),
    )
    .orderBy(listings.id);
}

/** Whether this listing's reminder for the use year and lead time was sent. */
export async function bankingReminderSent(db: Db | Tx, key: { listingId: number; useYear: number; leadDays: number }) {
  const [row] = await db
    .select({ id: bankingReminders.id })
    .from(bankingReminders)
    .where(
      and(
        eq(bankingReminders.listingId, key.listingId),
        eq(bankingReminders.useYear, key.useYear),
        eq(bankingReminders.leadDays, key.leadDays),
      ),
    );
  return Boolean(row);
}

/**
 * Records a sent reminder (in the transaction that wrote its outbox rows). Null when the unique index already holds
 * it (another run got there first): the caller rolls its transaction back.
 */
export async function insertBankingReminderOnce(tx: Tx, values: typeof bankingReminders.$inferInsert) {
  const [row] = await tx
    .insert(bankingReminders)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: bankingReminders.id });
  return row?.id ?? null;
}
