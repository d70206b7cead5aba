import type { Db, Tx } from "~/db/client.server";
import type { SmsSender } from "~/lib/sms.server";
import { selectSmsPreference } from "./sms.queries.server";

/**
 * Texts a person when they turned SMS on (user settings `sms_enabled`) and gave a US number (`us_phone_number`);
 * otherwise does nothing. Returns the SMS outbox id, or null when nothing was sent.
 */
export async function textUser(
  deps: { db: Db; sms: SmsSender },
  args: { userId: string; body: string; template: string; tx?: Tx },
) {
  const pref = await selectSmsPreference((args.tx ?? deps.db) as Db, args.userId);
  if (!pref?.smsEnabled || !pref.usPhoneNumber) return null;
  return deps.sms.send(
    { to: pref.usPhoneNumber, body: args.body, template: args.template },
    args.tx ? { tx: args.tx } : undefined,
  );
}
