import { requireAdminPage } from "~/auth/session.server";
import { AppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { getMailMessageFile } from "~/modules/notifications/mail-message.server";
import type { Route } from "./+types/mail-message-eml";

/** `/admin/mail/:id/message.eml` (decision 0091): a message of the mail log as sent, attachments included. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "read", "MailLog");
  if (!page) return new Response("Stop signing in as someone else to read the mail log.", { status: 403 });
  try {
    const file = await getMailMessageFile(await getServices(), { actor: page.viewer, id: params.id });
    return new Response(new Uint8Array(file.body), {
      headers: {
        "content-type": "message/rfc822",
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "no-store, private",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND")
      return new Response(err.message, { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw err;
  }
}
