import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { searchText } from "~/lib/fields";
import { LIST_SEARCH_MAX } from "~/lib/list-query";
import type { Services } from "~/lib/runtime.server";
import { JOURNAL_PERIODS, type JournalPeriod, journalPeriodRange } from "./journal-periods";
import { type JournalRow, selectAdminJournal, selectUserJournal } from "./journal.queries.server";
import { JOURNAL_CATEGORIES, type JournalCategory } from "./journal.server";

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

/** The admin journal's query string: `filter` (period), `selectedTab` (category), `q`, `page`. */
export function parseAdminJournalQuery(params: {
  filter?: string | null;
  selectedTab?: string | null;
  q?: string | null;
  page?: string | null;
}) {
  const filter: JournalPeriod = (JOURNAL_PERIODS as readonly string[]).includes(params.filter ?? "")
    ? (params.filter as JournalPeriod)
    : "this-month";
  const selectedTab: JournalCategory = (JOURNAL_CATEGORIES as readonly string[]).includes(params.selectedTab ?? "")
    ? (params.selectedTab as JournalCategory)
    : "general";
  return { filter, selectedTab, q: searchText(params.q, LIST_SEARCH_MAX), page: pageOf(params.page) };
}

/** Everyone's journal, for administrators: one tab (category) over one period, searched by user. */
export async function listAdminJournal(
  deps: Deps,
  args: {
    actor: Viewer;
    input: { filter?: string | null; selectedTab?: string | null; q?: string | null; page?: string | null };
    now?: Date;
  },
) {
  if (!defineAbilityFor(args.actor).can("manage", "User")) {
    throw new AppError("FORBIDDEN", "Only administrators read everyone's journal.");
  }
  const query = parseAdminJournalQuery(args.input);
  const range = journalPeriodRange(query.filter, args.now ?? new Date());
  const result = await selectAdminJournal(deps.db, {
    category: query.selectedTab,
    since: range.since,
    until: range.until,
    q: query.q,
    page: query.page,
    pageSize: JOURNAL_PAGE_SIZE,
  });
  return {
    ...query,
    /** The tabs, in order (the categories). */
    tabs: JOURNAL_CATEGORIES,
    rows: result.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      summary: r.summary,
      createdAt: r.createdAt.toISOString(),
      ipAddress: r.ipAddress,
      user: r.userId ? { name: r.userName ?? "Deleted user", email: r.userEmail, uniqid: r.userUniqid } : null,
      actor: r.actorId ? { name: r.actorName ?? "Unknown", isAdmin: r.actorRole === "admin" } : null,
      impersonator: r.impersonatorId ? { name: r.impersonatorName ?? "Unknown" } : null,
    })),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
  };
}
