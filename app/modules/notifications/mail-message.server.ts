import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";

/**
 * The mail log's download of one message (decision 0091): the message exactly as the mail server gets it, with its
 * attachments read from storage. Without a mail server (development, the demo) this is how a kept message is opened
 * in a mail program, attachments and all. Readers of the mail log only.
 */
export async function getMailMessageFile(
  services: Pick<Services, "mailer">,
  args: { actor: Viewer; id: string },
): Promise<{ filename: string; body: Buffer }> {
  if (!defineAbilityFor(args.actor).can("read", "MailLog"))
    throw new AppError("FORBIDDEN", "You do not have permission to read the mail log.");
  const id = /^[1-9]\d{0,9}$/.test(args.id) ? Number(args.id) : 0;
  const body = id > 0 && id <= 2_147_483_647 ? await services.mailer.compose(id) : null;
  if (!body) throw new AppError("NOT_FOUND", "There is no such message.");
  return { filename: `message-${id}.eml`, body };
}
