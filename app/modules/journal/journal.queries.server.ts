import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server";
import { activityJournal, user } from "~/db/schema";
import { selectPaged } from "~/lib/list-query";

/** The journal's three people (the admin list's joins too, journal.resource.ts). */
export const subject = alias(user, "journal_subject");
export const actor = alias(user, "journal_actor");
export const impersonator = alias(user, "journal_impersonator");

const entryColumns = {
  id: activityJournal.id,
  userId: activityJournal.userId,
  actorId: activityJournal.actorId,
  impersonatorId: activityJournal.impersonatorId,
  kind: activityJournal.kind,
  category: activityJournal.category,
  summary: activityJournal.summary,
  ipAddress: activityJournal.ipAddress,
  createdAt: activityJournal.createdAt,
  userName: subject.name,
  userEmail: subject.email,
  userUniqid: subject.userUniqid,
  actorName: actor.name,
  actorRole: actor.role,
  impersonatorName: impersonator.name,
};

/** Entries newest first with the names of the user, the actor and the impersonating administrator. */
function entries(db: Db) {
  return db
    .select(entryColumns)
    .from(activityJournal)
    .leftJoin(subject, eq(subject.id, activityJournal.userId))
    .leftJoin(actor, eq(actor.id, activityJournal.actorId))
    .leftJoin(impersonator, eq(impersonator.id, activityJournal.impersonatorId));
}

export type JournalRow = Awaited<ReturnType<ReturnType<typeof entries>["limit"]>>[number];

/** One page of a person's own journal, newest first. */
export async function selectUserJournal(db: Db, args: { userId: string; page: number; pageSize: number }) {
  const where = eq(activityJournal.userId, args.userId);
  return selectPaged({
    count: () => db.select({ total: count() }).from(activityJournal).where(where),
    rows: (limit, offset) =>
      entries(db)
        .where(where)
        .orderBy(desc(activityJournal.createdAt), desc(activityJournal.id))
        .limit(limit)
        .offset(offset),
    page: args.page,
    pageSize: args.pageSize,
  });
}

export async function insertJournalEntry(db: Db | Tx, row: typeof activityJournal.$inferInsert) {
  await db.insert(activityJournal).values(row);
}
