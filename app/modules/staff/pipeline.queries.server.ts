import { count, gte, isNotNull, sql, sum } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { agreements, offers } from "~/db/schema";

/** Offers made since `since`, counted by their state now. */
export function countOffersByStatusSince(db: Db, since: Date) {
  return db
    .select({ status: offers.status, count: count() })
    .from(offers)
    .where(gte(offers.createdAt, since))
    .groupBy(offers.status);
}

/** Every agreement counted by its state. */
export function countAgreementsByStatus(db: Db) {
  return db.select({ status: agreements.status, count: count() }).from(agreements).groupBy(agreements.status);
}

const EASTERN_MONTH = sql<string>`to_char(${agreements.closedAt} at time zone 'America/New_York', 'YYYY-MM')`;

/** Closed agreements per Eastern calendar month since `since`: how many, and their prices added up. */
export function closingsByMonthSince(db: Db, since: Date) {
  return db
    .select({ month: EASTERN_MONTH, count: count(), totalCents: sum(agreements.totalCents) })
    .from(agreements)
    .where(
      sql`${isNotNull(agreements.closedAt)} and ${gte(agreements.closedAt, since)} and ${agreements.status} = 'closed'`,
    )
    .groupBy(EASTERN_MONTH);
}
