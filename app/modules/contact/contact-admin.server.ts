import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { parseListQuery } from "~/lib/list-query";
import type { Services } from "~/lib/runtime.server";
import {
  CONTACT_MESSAGE_SORTS,
  markContactMessageRead,
  markContactMessageUnread,
  selectContactMessage,
  selectContactMessages,
} from "./contact-admin.queries.server";

type Deps = Pick<Services, "db">;

export const CONTACT_MESSAGES_PAGE_SIZE = 20;

/** Messages from visitors are for administrators only (not writers). */
function requireAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("read", "AdminDashboard")) {
    throw new AppError("FORBIDDEN", "Only administrators read contact messages.");
  }
}

function messageId(raw: unknown) {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    throw new AppError("NOT_FOUND", "This message does not exist.");
  return id;
}

/** The contact messages, newest first by default, searched by name, email or subject. */
export async function listContactMessages(
  deps: Deps,
  args: {
    actor: Viewer;
    input: { page?: string | null; sort?: string | null; dir?: string | null; q?: string | null };
  },
) {
  requireAdmin(args.actor);
  const query = parseListQuery(args.input, {
    sorts: CONTACT_MESSAGE_SORTS,
    defaultSort: "received",
    defaultDir: "desc",
  });
  const result = await selectContactMessages(deps.db, { ...query, pageSize: CONTACT_MESSAGES_PAGE_SIZE });
  return {
    rows: result.rows.map((r) => ({
      ...r,
      readAt: r.readAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: result.total,
    unread: result.unread,
    page: result.page,
    pageCount: result.pageCount,
    sort: { column: query.sort, dir: query.dir },
    q: query.q,
  };
}

/** One message in full; opening it marks it read. */
export async function readContactMessage(deps: Deps, args: { actor: Viewer; input: { id: unknown } }) {
  requireAdmin(args.actor);
  const id = messageId(args.input.id);
  return deps.db.transaction(async (tx) => {
    await markContactMessageRead(tx, id);
    const row = await selectContactMessage(tx, id);
    if (!row) throw new AppError("NOT_FOUND", "This message does not exist.");
    return { ...row, readAt: row.readAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
  });
}

/** Puts a message back among the unread ones. */
export async function markContactMessageAsUnread(deps: Deps, args: { actor: Viewer; input: { id: unknown } }) {
  requireAdmin(args.actor);
  const id = messageId(args.input.id);
  if (!(await markContactMessageUnread(deps.db, id))) throw new AppError("NOT_FOUND", "This message does not exist.");
  return { id };
}
