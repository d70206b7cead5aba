import type { Viewer } from "~/auth/abilities";
import type { Services } from "~/lib/runtime.server";
import { type JournalRow, selectUserJournal } from "./journal.queries.server";

type Deps = Pick<Services, "db">;

export const JOURNAL_PAGE_SIZE = 25;

function pageOf(raw: string | null | undefined) {
  return raw && /^\d{1,7}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

/** Who did it, as the person whose journal it is reads it. */
function whoForOwner(row: JournalRow, ownerId: string) {
  if (row.impersonatorId) return `An administrator (${row.impersonatorName ?? "no longer on file"})`;
  if (!row.actorId) return "The site";
  if (row.actorId === ownerId) return "You";
  if (row.actorRole === "admin") return `An administrator (${row.actorName ?? "no longer on file"})`;
  return row.actorName ?? "Someone no longer on file";
}

/** The signed-in person's own journal, newest first (while impersonated, the impersonated person's). */
export async function listMyJournal(deps: Deps, args: { actor: Viewer; input: { page?: string | null } }) {
  const result = await selectUserJournal(deps.db, {
    userId: args.actor.id,
    page: pageOf(args.input.page),
    pageSize: JOURNAL_PAGE_SIZE,
  });
  return {
    rows: result.rows.map((r) => ({
      id: r.id,
      summary: r.summary,
      category: r.category,
      createdAt: r.createdAt.toISOString(),
      who: whoForOwner(r, args.actor.id),
    })),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
  };
}
