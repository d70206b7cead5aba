import { randomBytes } from "node:crypto";
import { href } from "react-router";
import { z } from "zod";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  deleteAccount,
  insertSetPasswordToken,
  selectAccountByEmail,
  updateAccountToAdmin,
} from "./ops.queries.server";

/** How long the printed set-password link works: as long as an administrator's emailed one. */
export const ADMIN_LINK_HOURS = 72;

/** A refusal of `npm run admin:create`: printed as it is, exit code 2. */
export class AdminCreateError extends Error {}

const EmailArg = z.email({ error: "is not an email address (such as ops@example.com)" });

/** The email given, checked and lower-cased; a refusal that says why otherwise (before anything is opened). */
export function parseAdminEmail(raw: string) {
  const parsed = EmailArg.safeParse(raw.trim());
  if (!parsed.success) {
    throw new AdminCreateError(`--email ${JSON.stringify(raw)} ${parsed.error.issues[0]?.message}.`);
  }
  return parsed.data.toLowerCase();
}

/**
 * `npm run admin:create -- --email EMAIL` (issue 29): the operator's way to the first administrator, and back in when
 * every administrator lost their password. A new account is created with the administrator role (better-auth's
 * createUser, so its hooks give it its public id and settings); an existing one is promoted. Either way it gets a
 * one-time link to set its password (better-auth's password-reset token, the same link "Forgot password" mails),
 * valid ADMIN_LINK_HOURS hours, and the journal records it.
 */
export async function createOrPromoteAdmin(
  deps: Pick<Services, "db" | "auth" | "config">,
  args: { email: string; name?: string },
) {
  const email = parseAdminEmail(args.email);
  const existing = await selectAccountByEmail(deps.db, email);
  if (existing?.deletedAt) {
    throw new AdminCreateError(
      `The account ${email} was deleted. Restore it first (Admin > Deleted users), or use another email.`,
    );
  }
  let userId: string;
  let created = false;
  if (existing) {
    userId = existing.id;
  } else {
    const name = args.name?.trim() || email.split("@")[0];
    const res = await deps.auth.api.createUser({
      body: { name, email, password: randomBytes(32).toString("hex"), role: "admin" },
    });
    userId = res.user.id;
    created = true;
  }
  const token = randomBytes(24).toString("hex");
  const expiresAt = new Date(Date.now() + ADMIN_LINK_HOURS * 3600_000);
  try {
    await deps.db.transaction(async (tx) => {
      await updateAccountToAdmin(tx, userId);
      await insertSetPasswordToken(tx, { id: randomBytes(12).toString("hex"), token, userId, expiresAt });
      await recordActivity(tx, {
        userId,
        actor: null,
        kind: "account.admin-create",
        facts: { created, before: existing ? (existing.staffRole ?? existing.role) : null },
        data: { created, email, via: "npm run admin:create" },
      });
    });
  } catch (err) {
    // Never leave half an account: a new one goes with its role, link and journal entry, or not at all.
    if (created) await deleteAccount(deps.db, userId).catch(() => {});
    throw err;
  }
  const link = `${deps.config.authUrl.replace(/\/$/, "")}${href("/reset-password")}?token=${token}`;
  return { userId, email, created, link, expiresAt };
}
