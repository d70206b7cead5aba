import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { markContactMessageRead, markContactMessageUnread } from "./contact-admin.queries.server";
import { toDbId } from "~/lib/fields";

type Deps = Pick<Services, "db">;

/** Messages from visitors are for administrators only (not writers). */
function requireAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("read", "AdminDashboard")) {
    throw new AppError("FORBIDDEN", "Only administrators read contact messages.");
  }
}

function messageId(raw: unknown) {
  const id = toDbId(raw);
  if (id === null) throw new AppError("NOT_FOUND", "This message does not exist.");
  return id;
}

/** Marks a message read when an administrator opens its page (NOT_FOUND for an unknown one). */
export async function markContactMessageOpened(deps: Deps, args: { actor: Viewer; input: { id: unknown } }) {
  requireAdmin(args.actor);
  await markContactMessageRead(deps.db, messageId(args.input.id));
}

/** Puts a message back among the unread ones. */
export async function markContactMessageAsUnread(deps: Deps, args: { actor: Viewer; input: { id: unknown } }) {
  requireAdmin(args.actor);
  const id = messageId(args.input.id);
  if (!(await markContactMessageUnread(deps.db, id))) throw new AppError("NOT_FOUND", "This message does not exist.");
  return { id };
}
