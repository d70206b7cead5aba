import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { userSettings } from "~/db/schema";

/** Whether a person takes text messages, and their US number. */
export async function selectSmsPreference(db: Db, userId: string) {
  const [row] = await db
    .select({ smsEnabled: userSettings.smsEnabled, usPhoneNumber: userSettings.usPhoneNumber })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row ?? null;
}
