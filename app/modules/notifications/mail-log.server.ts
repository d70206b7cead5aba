import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { countOutboxMessages, selectOutboxMessage, selectOutboxPage } from "./mail-log.queries.server";

export const MAIL_LOG_PAGE_SIZE = 25;

function assertCanRead(actor: Viewer) {
  if (!defineAbilityFor(actor).can("read", "MailLog")) {
    throw new AppError("FORBIDDEN", "You do not have permission to read the mail log.");
  }
}

/**
 * One page of the outbox, newest first. `page` is whatever the query string held:
 * anything that is not a positive whole number becomes 1, and a page past the end becomes the last page.
 */
export async function listMailLog(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; input: { page?: string | null } },
) {
  assertCanRead(args.actor);
  const total = await countOutboxMessages(deps.db);
  const pageCount = Math.max(1, Math.ceil(total / MAIL_LOG_PAGE_SIZE));
  const requested = /^\d{1,9}$/.test(args.input.page ?? "") ? Number(args.input.page) : 1;
  const page = Math.min(Math.max(1, requested), pageCount);
  const rows = await selectOutboxPage(deps.db, MAIL_LOG_PAGE_SIZE, (page - 1) * MAIL_LOG_PAGE_SIZE);
  return {
    total,
    page,
    pageCount,
    pageSize: MAIL_LOG_PAGE_SIZE,
    messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** One message with its HTML and text bodies. An id that is not a message is NOT_FOUND. */
export async function getMailLogMessage(deps: Pick<Services, "db">, args: { actor: Viewer; input: { id: string } }) {
  assertCanRead(args.actor);
  const id = /^\d{1,9}$/.test(args.input.id) ? Number(args.input.id) : null;
  const message = id && id <= 2147483647 ? await selectOutboxMessage(deps.db, id) : null;
  if (!message) throw new AppError("NOT_FOUND", "There is no message with that number in the mail log.");
  return {
    ...message,
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt ? message.sentAt.toISOString() : null,
  };
}
