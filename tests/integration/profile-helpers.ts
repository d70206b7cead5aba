import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { activityJournal, mailOutbox, user } from "~/db/schema";
import type { Services } from "~/lib/runtime.server";
import { applySetCookies, sessionCookieFor } from "../fixtures/services";

const ORIGIN = "http://localhost:3000";

/** A fresh account (never a demo one) with a role, signed in: its id, public id, email and Cookie header. */
export async function freshUser(services: Services, role: "buyer" | "seller" = "buyer", password = "secret123") {
  const email = `p-${randomBytes(5).toString("hex")}@example.org`;
  const res = await services.auth.api.signUpEmail({
    body: { name: `Test ${role}`, email, password },
    headers: new Headers({ origin: ORIGIN }),
    asResponse: true,
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  const [row] = await services.db.select().from(user).where(eq(user.email, email));
  await services.db.update(user).set({ role }).where(eq(user.id, row.id));
  const cookie = await sessionCookieFor(services, email, password);
  return { id: row.id, uniqid: row.userUniqid, email, password, cookie };
}

/** The administrator signed in as `userId` (an impersonation session). */
export async function impersonate(services: Services, userId: string) {
  const adminCookie = await sessionCookieFor(services, "admin@example.com");
  const started = await services.auth.api.impersonateUser({
    body: { userId },
    headers: new Headers({ cookie: adminCookie, origin: ORIGIN }),
    asResponse: true,
  });
  if (!started.ok) throw new Error(`impersonation failed: ${started.status}`);
  return applySetCookies(adminCookie, started.headers.getSetCookie());
}

/** The pin in the newest mail to `to`. */
export async function latestPin(services: Services, to: string) {
  const [mail] = await services.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail?.text.match(/pin is (\d{4})/)?.[1] ?? null;
}

export async function journalOf(services: Services, userId: string, kind?: string) {
  return services.db
    .select()
    .from(activityJournal)
    .where(
      kind
        ? and(eq(activityJournal.userId, userId), eq(activityJournal.kind, kind))
        : eq(activityJournal.userId, userId),
    )
    .orderBy(desc(activityJournal.id));
}
