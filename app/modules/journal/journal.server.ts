import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { JOURNAL_KINDS, type JournalFacts, type JournalKind, journalSummary } from "./journal-kinds";
import { insertJournalEntry } from "./journal.queries.server";

/** The admin journal's tabs (`selectedTab`); every entry belongs to one. */
export const JOURNAL_CATEGORIES = ["general", "security", "listing", "impersonation"] as const;
export type JournalCategory = (typeof JOURNAL_CATEGORIES)[number];

export type JournalEntry<K extends JournalKind = JournalKind> = {
  /** Whose journal the entry belongs to (the account it is about). */
  userId: string | null;
  /** Who did it: the signed-in viewer (while impersonating, the impersonated user, with the administrator behind). */
  actor?: Pick<Viewer, "id" | "impersonatedBy"> | null;
  /** One of journal-kinds.ts, whose function writes the summary from `facts`. */
  kind: K;
  facts: JournalFacts<K>;
  /** The tab, when it is not the kind's own (a security change made while impersonating). */
  category?: JournalCategory;
  data?: Record<string, unknown>;
  ipAddress?: string | null;
};

/**
 * Appends one entry. Pass the transaction of the change it records, so the change and its entry are
 * written together or not at all. The table refuses UPDATE and DELETE (migration 0006).
 */
export async function recordActivity<K extends JournalKind>(db: Db | Tx, entry: JournalEntry<K>) {
  const own = JOURNAL_KINDS[entry.kind].category;
  await insertJournalEntry(db, {
    userId: entry.userId,
    actorId: entry.actor?.id ?? null,
    impersonatorId: entry.actor?.impersonatedBy ?? null,
    kind: entry.kind,
    // A general change made while impersonating goes under the impersonation tab.
    category: entry.category ?? (own === "general" && entry.actor?.impersonatedBy ? "impersonation" : own),
    summary: journalSummary(entry.kind, entry.facts),
    data: entry.data ?? {},
    ipAddress: entry.ipAddress ?? null,
  });
}
