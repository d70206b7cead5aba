import { href } from "react-router";
import { ADMIN_SET_PASSWORD_MAIL } from "~/modules/accounts/accounts.templates";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import type { z } from "zod";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  AddStaffSchema,
  CreateUserSchema,
  STAFF_ROLE_LABELS,
  StaffRoleSchema,
  SuspendUserSchema,
  UpdateUserSchema,
  userStatusOf,
} from "./admin-users.schema";
import {
  deleteTwoFactor,
  deleteUserById,
  deleteUserSessions,
  insertResetToken,
  selectRecentSignIns,
  selectStaff,
  selectUserByEmail,
  selectUserById,
  selectUserByUniqid,
  type UserRowUpdate,
  updateUserRow,
  updateUserRowIf,
} from "./admin-users.queries.server";
import { softDeleteUser } from "~/modules/accounts/account-deletion.server";
import { isUserUniqid, MESSAGES } from "~/modules/accounts/accounts.schema";

type Deps = Pick<Services, "db">;

/** Listing statuses (SPEC section 9), as the listings module numbers them. */
/** How long the emailed set-password link of a new account works. */
const SET_PASSWORD_TTL_MS = 72 * 60 * 60 * 1000;

/** Only administrators (not writers, not anyone impersonating) administer accounts. */
function requireUserAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("manage", "User")) {
    throw new AppError("FORBIDDEN", "Only administrators manage users.");
  }
}

function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw new AppError("BAD_INPUT", parsed.error.issues[0]?.message ?? "Please correct the highlighted fields.", fields);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function serializeUser(u: NonNullable<Awaited<ReturnType<typeof selectUserById>>>) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role as "buyer" | "seller" | "admin",
    staffRole: u.staffRole as "admin" | "writer" | "senior_writer" | null,
    userUniqid: u.userUniqid,
    emailVerified: u.emailVerified,
    status: userStatusOf(u),
    banReason: u.banReason,
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    createdAt: u.createdAt.toISOString(),
    lastActiveAt: iso(u.lastActiveAt),
    deletedAt: iso(u.deletedAt),
  };
}
export type AdminUser = ReturnType<typeof serializeUser>;

async function findUser(db: Db, uniqid: unknown) {
  const u = isUserUniqid(uniqid) ? await selectUserByUniqid(db, uniqid) : null;
  if (!u) throw new AppError("NOT_FOUND", "This user does not exist.");
  return u;
}

/** One user for the edit page (deleted users are edited only after a restore). */
export async function getUserForEdit(deps: Deps, args: { actor: Viewer; input: { uniqid: unknown } }) {
  requireUserAdmin(args.actor);
  const u = await findUser(deps.db, args.input.uniqid);
  if (u.deletedAt) throw new AppError("NOT_FOUND", "This user was deleted. Restore the account to edit it.");
  return { ...serializeUser(u), isSelf: u.id === args.actor.id };
}

/** better-auth's refusals as messages a person understands. */
function authError(err: unknown): never {
  if (err instanceof APIError) {
    const body = err.body as { code?: string; message?: string } | undefined;
    if (body?.code?.startsWith("USER_ALREADY_EXISTS")) {
      throw new AppError("CONFLICT", MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
    }
    throw new AppError("BAD_INPUT", body?.message ?? "We could not create this account.");
  }
  throw err;
}

/**
 * An administrator creates a buyer or seller account through better-auth's admin createUser (its hooks give
 * the user_uniqid and the user_settings row). The password is typed, or a set-password link is mailed.
 * The email is marked verified when the administrator says so. Journaled for the new user.
 */
export async function createUserByAdmin(
  deps: Pick<Services, "db" | "auth" | "mailer" | "config">,
  args: { actor: Viewer; input: unknown },
) {
  requireUserAdmin(args.actor);
  const input = parseOrThrow(CreateUserSchema, args.input);
  if (await selectUserByEmail(deps.db, input.email)) {
    throw new AppError("CONFLICT", MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
  }
  const mailLink = input.passwordMode === "email";
  let created: { id: string };
  try {
    const res = await deps.auth.api.createUser({
      body: {
        name: input.name,
        email: input.email,
        password: mailLink ? randomBytes(32).toString("hex") : input.password,
        role: input.role,
        data: { emailVerified: input.emailVerified },
      },
    });
    created = res.user;
  } catch (err) {
    authError(err);
  }
  const token = randomBytes(24).toString("hex");
  try {
    const row = await deps.db.transaction(async (tx) => {
      if (mailLink) {
        await insertResetToken(tx, {
          id: randomBytes(12).toString("hex"),
          token,
          userId: created.id,
          expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
        });
      }
      await recordActivity(tx, {
        userId: created.id,
        actor: args.actor,
        kind: "account.create",
        category: "general",
        facts: { role: input.role, emailVerified: input.emailVerified, mailedLink: Boolean(mailLink) },
        data: { role: input.role, emailVerified: input.emailVerified, passwordMode: input.passwordMode },
      });
      const row = await selectUserById(tx, created.id);
      if (!row) throw new AppError("NOT_FOUND", "The new account could not be read back.");
      return row;
    });
    if (mailLink) {
      // The reset-password page (the same one "Forgot password" leads to) takes better-auth's token as ?token=.
      const link = `${deps.config.authUrl.replace(/\/$/, "")}${href("/reset-password")}?token=${token}`;
      await sendTemplatedMail(
        { ...deps, siteUrl: deps.config.authUrl },
        { template: ADMIN_SET_PASSWORD_MAIL, to: input.email, vars: { name: input.name, link } },
      );
    }
    return serializeUser(row);
  } catch (err) {
    // Never leave half an account behind: the journal entry and the link go with the account or not at all.
    await deleteUserById(deps.db, created.id);
    throw err;
  }
}

/** Name, email and marketplace role (an administrator's role changes on the Admins page). */
export async function updateUserByAdmin(
  deps: Deps,
  args: { actor: Viewer; input: { uniqid: unknown; values: unknown } },
) {
  requireUserAdmin(args.actor);
  const values = parseOrThrow(UpdateUserSchema, args.input.values);
  return deps.db.transaction(async (tx) => {
    const u = await findUser(tx, args.input.uniqid);
    if (u.deletedAt) throw new AppError("NOT_FOUND", "This user was deleted. Restore the account to edit it.");
    const changes: string[] = [];
    const set: UserRowUpdate = {};
    if (values.name !== u.name) {
      set.name = values.name;
      changes.push(`name to ${values.name}`);
    }
    if (values.email !== u.email.toLowerCase()) {
      const other = await selectUserByEmail(tx, values.email);
      if (other && other.id !== u.id) {
        throw new AppError("CONFLICT", MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
      }
      set.email = values.email;
      // The person has not proved they read the new address.
      set.emailVerified = false;
      changes.push(`email to ${values.email} (not verified yet)`);
    }
    if (u.role !== "admin" && values.role !== u.role) {
      set.role = values.role;
      changes.push(`role to ${values.role}`);
    }
    if (changes.length === 0) return { user: serializeUser(u), changed: false };
    await updateUserRow(tx, u.id, set);
    await recordActivity(tx, {
      userId: u.id,
      actor: args.actor,
      kind: "account.update",
      category: "general",
      facts: { changes },
      data: { before: { name: u.name, email: u.email, role: u.role }, after: set },
    });
    const row = await selectUserById(tx, u.id);
    return { user: serializeUser(row ?? u), changed: true };
  });
}

/** Suspends an account (better-auth's ban: banned, ban_reason; its sign-in refuses it) and signs it out. */
export async function suspendUser(deps: Deps, args: { actor: Viewer; input: { uniqid: unknown; reason: unknown } }) {
  requireUserAdmin(args.actor);
  const { reason } = parseOrThrow(SuspendUserSchema, { reason: args.input.reason });
  return deps.db.transaction(async (tx) => {
    const u = await findUser(tx, args.input.uniqid);
    if (u.id === args.actor.id) throw new AppError("BAD_INPUT", "You cannot suspend your own account.");
    if (u.role === "admin") throw new AppError("BAD_INPUT", "Remove the administrator role before suspending.");
    if (u.banned) throw new AppError("CONFLICT", "This account is already suspended.");
    // Only the request that changes the row goes on (issue 28): concurrent ones find it suspended already.
    const changed = await updateUserRowIf(
      tx,
      u.id,
      { banned: true, banReason: reason, banExpires: null },
      "not-banned",
    );
    if (!changed) throw new AppError("CONFLICT", "This account is already suspended.");
    await deleteUserSessions(tx, u.id);
    await recordActivity(tx, {
      userId: u.id,
      actor: args.actor,
      kind: "account.suspend",
      category: "security",
      facts: { reason },
      data: { reason },
    });
    return { name: u.name };
  });
}

export async function unsuspendUser(deps: Deps, args: { actor: Viewer; input: { uniqid: unknown } }) {
  requireUserAdmin(args.actor);
  return deps.db.transaction(async (tx) => {
    const u = await findUser(tx, args.input.uniqid);
    if (!u.banned) throw new AppError("CONFLICT", "This account is not suspended.");
    const changed = await updateUserRowIf(tx, u.id, { banned: false, banReason: null, banExpires: null }, "banned");
    if (!changed) throw new AppError("CONFLICT", "This account is not suspended.");
    await recordActivity(tx, {
      userId: u.id,
      actor: args.actor,
      kind: "account.unsuspend",
      category: "security",
      facts: {},
      data: { previousReason: u.banReason },
    });
    return { name: u.name };
  });
}

/** Turns two-factor authentication off (the person set it up again from their security page). */
export async function resetTwoFactor(deps: Deps, args: { actor: Viewer; input: { uniqid: unknown } }) {
  requireUserAdmin(args.actor);
  return deps.db.transaction(async (tx) => {
    const u = await findUser(tx, args.input.uniqid);
    if (!u.twoFactorEnabled) throw new AppError("CONFLICT", "Two-factor authentication is already off.");
    await deleteTwoFactor(tx, u.id);
    await updateUserRow(tx, u.id, { twoFactorEnabled: false });
    await recordActivity(tx, {
      userId: u.id,
      actor: args.actor,
      kind: "account.2fa-reset",
      category: "security",
      facts: {},
    });
    return { name: u.name };
  });
}

export async function verifyUserEmail(deps: Deps, args: { actor: Viewer; input: { uniqid: unknown } }) {
  requireUserAdmin(args.actor);
  return deps.db.transaction(async (tx) => {
    const u = await findUser(tx, args.input.uniqid);
    if (u.emailVerified) throw new AppError("CONFLICT", "This email address is already verified.");
    await updateUserRow(tx, u.id, { emailVerified: true });
    await recordActivity(tx, {
      userId: u.id,
      actor: args.actor,
      kind: "account.verify-email",
      category: "security",
      facts: { email: u.email },
    });
    return { name: u.name };
  });
}

/** An administrator deletes an account (soft delete; restorable from Deleted users). */
export async function deleteUserByAdmin(
  deps: Pick<Services, "db" | "jobs">,
  args: { actor: Viewer; input: { uniqid: unknown } },
) {
  requireUserAdmin(args.actor);
  const u = await findUser(deps.db, args.input.uniqid);
  if (u.id === args.actor.id) throw new AppError("BAD_INPUT", "You cannot delete your own account here.");
  if (u.role === "admin") throw new AppError("BAD_INPUT", "Remove the administrator role before deleting.");
  await softDeleteUser(deps, {
    actor: args.actor,
    input: { userId: u.id, byAdministrator: true },
  });
  return { name: u.name };
}

/** Brings a soft-deleted account back: it can sign in again; its listings stay deactivated. */
export async function restoreUser(deps: Deps, args: { actor: Viewer; input: { uniqid: unknown } }) {
  requireUserAdmin(args.actor);
  return deps.db.transaction(async (tx) => {
    const u = await findUser(tx, args.input.uniqid);
    if (!u.deletedAt) throw new AppError("CONFLICT", "This account is not deleted.");
    const other = await selectUserByEmail(tx, u.email);
    if (other && other.id !== u.id) {
      throw new AppError("CONFLICT", `Another account now uses ${u.email}, so this one cannot be restored.`);
    }
    await updateUserRow(tx, u.id, { deletedAt: null });
    await recordActivity(tx, {
      userId: u.id,
      actor: args.actor,
      kind: "account.restore",
      category: "security",
      facts: {},
    });
    return { name: u.name, email: u.email };
  });
}

/** Staff: administrators, writers and senior writers. */
export async function listStaff(deps: Deps, args: { actor: Viewer }) {
  requireUserAdmin(args.actor);
  const rows = await selectStaff(deps.db);
  return rows.map((u) => ({
    ...serializeUser(u),
    staffRole: (u.staffRole ?? (u.role === "admin" ? "admin" : null)) as "admin" | "writer" | "senior_writer" | null,
    isSelf: u.id === args.actor.id,
  }));
}

/**
 * Sets a staff role. Administrator makes the account an administrator (the marketplace role admin, which
 * the access rules read); writer, senior writer or none takes it away (the account becomes a buyer).
 * Nobody changes their own staff role (so there is always an administrator left).
 */
export async function setStaffRole(
  deps: Deps,
  args: { actor: Viewer; input: { uniqid?: unknown; email?: unknown; staffRole: unknown } },
) {
  requireUserAdmin(args.actor);
  const staffRole = parseOrThrow(StaffRoleSchema, args.input.staffRole);
  return deps.db.transaction(async (tx) => {
    let u: Awaited<ReturnType<typeof selectUserById>>;
    if (args.input.email !== undefined) {
      const { email } = parseOrThrow(AddStaffSchema, { email: args.input.email, staffRole: args.input.staffRole });
      u = await selectUserByEmail(tx, email);
      if (!u || u.deletedAt) {
        throw new AppError("NOT_FOUND", `No account uses ${email}.`, { email: [`No account uses ${email}.`] });
      }
    } else {
      u = await findUser(tx, args.input.uniqid);
    }
    if (u.id === args.actor.id) throw new AppError("FORBIDDEN", "You cannot change your own staff role.");
    if (u.banned && staffRole !== "none") throw new AppError("BAD_INPUT", "A suspended account cannot be staff.");
    const before = u.staffRole ?? (u.role === "admin" ? "admin" : "none");
    if (before === staffRole) {
      throw new AppError("CONFLICT", `${u.name} already has that staff role.`);
    }
    const role = staffRole === "admin" ? "admin" : u.role === "admin" ? "buyer" : u.role;
    const changed = await updateUserRowIf(
      tx,
      u.id,
      { staffRole: staffRole === "none" ? null : staffRole, role },
      { staffRole: u.staffRole ?? null, role: u.role },
    );
    if (!changed) throw new AppError("CONFLICT", `${u.name} already has that staff role.`);
    await recordActivity(tx, {
      userId: u.id,
      actor: args.actor,
      kind: "account.staff-role",
      category: "security",
      facts: { from: STAFF_ROLE_LABELS[before as keyof typeof STAFF_ROLE_LABELS], to: STAFF_ROLE_LABELS[staffRole] },
      data: { before, after: staffRole, role },
    });
    return { name: u.name, staffRole };
  });
}

/** The signed-in staff member's own profile summary (administrators, and writers through the header's Profile). */
export async function getAdminProfile(deps: Deps, args: { actor: Viewer }) {
  if (!defineAbilityFor(args.actor).can("access", "AdminArea")) {
    throw new AppError("FORBIDDEN", "Only staff have an admin profile.");
  }
  const me = await selectUserById(deps.db, args.actor.id);
  if (!me) throw new AppError("NOT_FOUND", "We could not find your account. Please sign in again.");
  const signIns = await selectRecentSignIns(deps.db, me.id, 10);
  return {
    ...serializeUser(me),
    staffRole: (me.staffRole ?? (me.role === "admin" ? "admin" : "none")) as
      | "admin"
      | "writer"
      | "senior_writer"
      | "none",
    signIns: signIns.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
  };
}
