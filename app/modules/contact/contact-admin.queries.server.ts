import { and, asc, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactMessages, listings } from "~/db/schema";
import { clampPage, containsPattern } from "~/lib/list-query";

/** Columns the contact messages list may be ordered by (`sort` in the query string). */
const CONTACT_SORT_COLUMNS = {
  received: contactMessages.createdAt,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
} as const;
export type ContactMessageSort = keyof typeof CONTACT_SORT_COLUMNS;
export const CONTACT_MESSAGE_SORTS = Object.keys(CONTACT_SORT_COLUMNS) as ContactMessageSort[];

const listColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  subject: contactMessages.subject,
  listingId: contactMessages.listingId,
  listingCode: listings.listingCode,
  readAt: contactMessages.readAt,
  createdAt: contactMessages.createdAt,
};

/** Contact messages, searched by name, email or subject: the total, the unread count, then one page. */
export async function selectContactMessages(
  db: Db,
  args: { q: string; sort: ContactMessageSort; dir: "asc" | "desc"; page: number; pageSize: number },
) {
  const p = containsPattern(args.q);
  const where = args.q
    ? or(ilike(contactMessages.name, p), ilike(contactMessages.email, p), ilike(contactMessages.subject, p))
    : undefined;
  const [{ total, unread }] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)` })
    .from(contactMessages)
    .where(where);
  const { page, pageCount } = clampPage(args.page, Number(total), args.pageSize);
  const column = CONTACT_SORT_COLUMNS[args.sort];
  const rows = await db
    .select(listColumns)
    .from(contactMessages)
    .leftJoin(listings, eq(listings.id, contactMessages.listingId))
    .where(where)
    .orderBy(args.dir === "asc" ? asc(column) : desc(column), desc(contactMessages.id))
    .limit(args.pageSize)
    .offset((page - 1) * args.pageSize);
  return { rows, total: Number(total), unread: Number(unread), page, pageCount };
}

export async function selectContactMessage(db: Db, id: number) {
  const [row] = await db
    .select({ ...listColumns, message: contactMessages.message })
    .from(contactMessages)
    .leftJoin(listings, eq(listings.id, contactMessages.listingId))
    .where(eq(contactMessages.id, id))
    .limit(1);
  return row ?? null;
}

/** Marks a message read (the first time only; the first reading time is kept). */
export async function markContactMessageRead(db: Db, id: number) {
  await db
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
}

/** Marks a message unread again; false when it does not exist. */
export async function markContactMessageUnread(db: Db, id: number) {
  const rows = await db
    .update(contactMessages)
    .set({ readAt: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}
