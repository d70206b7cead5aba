import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { insertJournalEntry } from "./journal.queries.server";

/** The admin journal's tabs (`selectedTab`); every entry belongs to one. */
export const JOURNAL_CATEGORIES = ["general", "security", "listing", "impersonation"] as const;
export type JournalCategory = (typeof JOURNAL_CATEGORIES)[number];

export type JournalEntry = {
  /** Whose journal the entry belongs to (the account it is about). */
  userId: string | null;
  /** Who did it: the signed-in viewer (while impersonating, the impersonated user, with the administrator behind). */
  actor?: Pick<Viewer, "id" | "impersonatedBy"> | null;
  kind: string;
  category?: JournalCategory;
  summary: string;
  data?: Record<string, unknown>;
  ipAddress?: string | null;
};

/**
 * Appends one entry. Pass the transaction of the change it records, so the change and its entry are
 * written together or not at all. The table refuses UPDATE and DELETE (migration 0006).
 */
export async function recordActivity(db: Db | Tx, entry: JournalEntry) {
  await insertJournalEntry(db, {
    userId: entry.userId,
    actorId: entry.actor?.id ?? null,
    impersonatorId: entry.actor?.impersonatedBy ?? null,
    kind: entry.kind,
    category: entry.category ?? (entry.actor?.impersonatedBy ? "impersonation" : "general"),
    summary: entry.summary,
    data: entry.data ?? {},
    ipAddress: entry.ipAddress ?? null,
  });
}
