import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server";
import { activityJournal, user } from "~/db/schema";
import { selectPaged, containsPattern } from "~/lib/list-query";

const subject = alias(user, "journal_subject");
const actor = alias(user, "journal_actor");
const impersonator = alias(user, "journal_impersonator");

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

/**
 * Everyone's journal for the admin: one category, from `since` (inclusive) to `until` (exclusive) when given,
 * searched by the user's name, email or user_uniqid. Newest first.
 */
export async function selectAdminJournal(
  db: Db,
  args: {
    category: string;
    since: Date | null;
    until: Date | null;
    q: string;
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [eq(activityJournal.category, args.category)];
  if (args.since) conditions.push(gte(activityJournal.createdAt, args.since));
  if (args.until) conditions.push(lt(activityJournal.createdAt, args.until));
  if (args.q) {
    const p = containsPattern(args.q);
    const match = or(ilike(subject.name, p), ilike(subject.email, p), ilike(subject.userUniqid, p));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  return selectPaged({
    count: () =>
      db
        .select({ total: count() })
        .from(activityJournal)
        .leftJoin(subject, eq(subject.id, activityJournal.userId))
        .where(where),
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
