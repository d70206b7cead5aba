import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityJournal,
  listings,
  loginActivity,
  mailOutbox,
  session,
  twoFactor,
  user,
  userSettings,
} from "~/db/schema";
import { softDeleteUser } from "~/modules/accounts/account-deletion.server";
import { describeUserAgent } from "~/modules/staff/admin-users.schema";
import { loader as profileLoader } from "~/routes/admin/admin-profile";
import { action as engineAction, loader as engineLoader } from "~/routes/admin/resource/list";
import { action as editAction, loader as editLoader } from "~/routes/admin/users-edit";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Deleted users is served by the admin resource engine (issue 9): its list route with the matched pattern.
const engineRoute = (fn: (args: never) => unknown) => (args: { request: Request }) =>
  (fn as (a: unknown) => unknown)({ ...args, pattern: "/admin/deleted-users", url: new URL(args.request.url) });
const deletedLoader = engineRoute(engineLoader);
const deletedAction = engineRoute(engineAction);
// So is the staff list (/admin/admins).
const adminsRoute = (fn: (args: never) => unknown) => (args: { request: Request }) =>
  (fn as (a: unknown) => unknown)({ ...args, pattern: "/admin/admins", url: new URL(args.request.url) });
const adminsLoader = adminsRoute(engineLoader);
const adminsAction = adminsRoute(engineAction);

// Login activity and the journal too (issue 30).
const engineAt = (pattern: string) => (args: { request: Request }) =>
  (engineLoader as (a: unknown) => unknown)({ ...args, pattern, url: new URL(args.request.url) });
const loginLoader = engineAt("/admin/login-activity");
// The users list too, its rows read back in the shape the assertions use (role and status as codes).
const usersList = engineAt("/admin/users");
const usersLoader = async (args: { request: Request }) => {
  const out = (await usersList(args)) as Record<string, unknown> | null;
  if (!out || typeof out !== "object" || !("rows" in out)) return out;
  const filters = out.filters as { key: string; value: string }[];
  return {
    ...out,
    role: filters.find((f) => f.key === "role")?.value || null,
    status: filters.find((f) => f.key === "status")?.value || null,
    columns: out.shown,
    rows: (out.rows as { id: string; cells: Record<string, string | null>; actions: { intent: string }[] }[]).map(
      (r) => ({
        id: r.id,
        userUniqid: r.id,
        name: r.cells.name,
        email: r.cells.email,
        role: r.cells.accountRole,
        status: String(r.cells.status).toLowerCase(),
        createdAt: r.cells.created,
        lastActiveAt: r.cells.lastActive,
        canLogin: r.actions.some((a) => a.intent === "login"),
      }),
    ),
  };
};
const usersAction = (args: { request: Request }) =>
  (engineAction as (a: unknown) => unknown)({ ...args, pattern: "/admin/users", url: new URL(args.request.url) });
const journalLoader = engineAt("/admin/journal");
type Cells = { id: string; cells: Record<string, string | number | boolean | null> };

const services = await startTestServices();
const db = services.db;
const admin = await sessionCookieFor(services, "admin@example.com");
const buyer = await sessionCookieFor(services, "buyer@example.com");
const writer = await sessionCookieFor(services, "writer@example.com");

type Fn = Parameters<typeof callRoute>[0];
const get = (fn: unknown, path: string, cookie = admin, params: Record<string, string> = {}) =>
  callRoute(fn as Fn, makeRequest(path, { cookie }), params);
const post = (fn: unknown, path: string, form: Record<string, string>, cookie = admin, params = {}) =>
  callRoute(fn as Fn, makeRequest(path, { form, cookie }), params);

const userByEmail = async (email: string) => (await db.select().from(user).where(eq(user.email, email)))[0];
const journalOf = (userId: string) =>
  db.select().from(activityJournal).where(eq(activityJournal.userId, userId)).orderBy(desc(activityJournal.id));
const adminRow = await userByEmail("admin@example.com");

let n = 0;
/** A fresh account made through the create-user modal's action. */
async function createFresh(role: "buyer" | "seller" = "buyer", extra: Record<string, string> = {}) {
  n++;
  const email = `fresh${n}.${Date.now()}@example.com`;
  const res = await post(usersAction, "/admin/users", {
    intent: "create",
    name: `Fresh Person ${n}`,
    email,
    role,
    passwordMode: "set",
    password: "secret12",
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(303);
  return userByEmail(email);
}

describe("who may use the user administration screens", () => {
  it("lets an administrator in and sends buyers and writers away from every screen and action", async () => {
    const target = await userByEmail("buyer2@example.com");
    const screens = [
      [usersLoader, "/admin/users", {}],
      [editLoader, `/admin/users/${target.userUniqid}/edit`, { uniqid: target.userUniqid }],
      [deletedLoader, "/admin/deleted-users", {}],
      [adminsLoader, "/admin/admins", {}],
      [loginLoader, "/admin/login-activity", {}],
      [journalLoader, "/admin/journal", {}],
    ] as const;
    for (const [loader, path, params] of screens) {
      expect((await get(loader, path, admin, params)).status, path).toBe(200);
      for (const cookie of [buyer, writer]) {
        expect((await get(loader, path, cookie, params)).location, path).toBe("/");
      }
    }
    const actions = [
      [
        usersAction,
        "/admin/users",
        {
          intent: "create",
          name: "Nope",
          email: "nope@example.com",
          role: "buyer",
          passwordMode: "set",
          password: "secret12",
        },
        {},
      ],
      [editAction, "/edit", { intent: "suspend", reason: "no reason at all" }, { uniqid: target.userUniqid }],
      [
        editAction,
        "/edit",
        { intent: "update", name: "Hacked", email: target.email, role: "seller" },
        { uniqid: target.userUniqid },
      ],
      [editAction, "/edit", { intent: "staff-role", staffRole: "admin" }, { uniqid: target.userUniqid }],
      [editAction, "/edit", { intent: "delete" }, { uniqid: target.userUniqid }],
      [deletedAction, "/admin/deleted-users", { intent: "restore", id: target.userUniqid }, {}],
      [adminsAction, "/admin/admins", { intent: "add", email: "buyer2@example.com", staffRole: "admin" }, {}],
    ] as const;
    for (const [action, path, form, params] of actions) {
      for (const cookie of [buyer, writer]) {
        const res = await post(action, path, form as Record<string, string>, cookie, params);
        expect(res.location, `${path} ${form.intent}`).toBe("/");
      }
    }
    const after = await userByEmail("buyer2@example.com");
    expect(after).toMatchObject({ name: target.name, role: "buyer", staffRole: null, banned: false, deletedAt: null });
    expect(await userByEmail("nope@example.com")).toBeUndefined();
    // The admin profile is a staff member's own page: writers have one, buyers do not.
    expect((await get(profileLoader, "/admin/profile", admin)).status).toBe(200);
    expect((await get(profileLoader, "/admin/profile", writer)).status).toBe(200);
    expect((await get(profileLoader, "/admin/profile", buyer)).location).toBe("/");
  });
});

describe("the users list", () => {
  it("searches by name, email and user id, and leaves deleted users out", async () => {
    const byName = await get(usersLoader, "/admin/users?q=bella");
    expect(byName.body.rows.map((r: { email: string }) => r.email)).toEqual(["buyer@example.com"]);
    const byEmail = await get(usersLoader, "/admin/users?q=SELLER2%40example");
    expect(byEmail.body.rows.map((r: { email: string }) => r.email)).toEqual(["seller2@example.com"]);
    const seller = await userByEmail("seller@example.com");
    const byId = await get(usersLoader, `/admin/users?q=${seller.userUniqid}`);
    expect(byId.body.rows.map((r: { email: string }) => r.email)).toEqual(["seller@example.com"]);
    // The seeded deleted account is not on the list, and is on Deleted users.
    expect((await get(usersLoader, "/admin/users?q=dana.departed")).body.total).toBe(0);
    expect((await get(deletedLoader, "/admin/deleted-users?q=dana.departed")).body.total).toBe(1);
    for (const q of ["%", "_", "zzzz-nobody"]) {
      expect((await get(usersLoader, `/admin/users?q=${encodeURIComponent(q)}`)).body.total, q).toBe(0);
    }
  });

  it("filters by role and status", async () => {
    const sellers = await get(usersLoader, "/admin/users?role=seller&perPage=100");
    expect(sellers.body.total).toBeGreaterThanOrEqual(3);
    for (const r of sellers.body.rows) expect(r.role).toBe("seller");
    const admins = await get(usersLoader, "/admin/users?role=admin");
    expect(admins.body.rows.map((r: { email: string }) => r.email)).toContain("admin@example.com");
    for (const r of admins.body.rows) expect(r.role).toBe("admin");
    // Administrators cannot be impersonated: no Login on their rows; buyers and sellers have one.
    for (const r of admins.body.rows) expect(r.canLogin).toBe(false);
    for (const r of sellers.body.rows) expect(r.canLogin).toBe(true);
    // The engine's own filter names as well as the older ones.
    const sellersToo = await get(usersLoader, "/admin/users?f.role=seller&perPage=100");
    expect(sellersToo.body.total).toBe(sellers.body.total);

    const suspended = await get(usersLoader, "/admin/users?status=suspended");
    expect(suspended.body.rows.map((r: { email: string }) => r.email)).toContain("sid.suspended@example.com");
    for (const r of suspended.body.rows) expect(r.status).toBe("suspended");
    const unverified = await get(usersLoader, "/admin/users?status=unverified");
    expect(unverified.body.rows.map((r: { email: string }) => r.email)).toContain("uma.unverified@example.com");
    for (const r of unverified.body.rows) expect(r.status).toBe("unverified");
    const active = await get(usersLoader, "/admin/users?status=active&role=buyer&perPage=100");
    for (const r of active.body.rows) expect(r).toMatchObject({ status: "active", role: "buyer" });
    // Unknown values are ignored, not errors.
    const bad = await get(usersLoader, "/admin/users?role=root&status=evil");
    expect(bad.status).toBe(200);
    expect(bad.body.role).toBeNull();
    expect(bad.body.status).toBeNull();
  });

  it("sorts by name, email, role, joined and last active, and pages with the cog's page size", async () => {
    for (let i = 0; i < 3; i++) await createFresh();
    for (const sort of ["name", "email"] as const) {
      const asc = await get(usersLoader, `/admin/users?sort=${sort}&dir=asc&perPage=100`);
      // First letters only: the database's collation decides how punctuation and digits compare.
      const initials = asc.body.rows.map((r: Record<string, string>) => r[sort][0].toLowerCase());
      expect(initials).toEqual([...initials].sort());
      const desc = await get(usersLoader, `/admin/users?sort=${sort}&dir=desc&perPage=100`);
      expect(desc.body.rows[0].id).toBe(asc.body.rows.at(-1).id);
    }
    const byCreated = await get(usersLoader, "/admin/users?perPage=100");
    expect(byCreated.body.sort).toEqual({ column: "created", dir: "desc" });
    const created = byCreated.body.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const byRole = await get(usersLoader, "/admin/users?sort=role&dir=asc&perPage=100");
    const roles = byRole.body.rows.map((r: { role: string }) => r.role);
    expect(roles).toEqual([...roles].sort());
    const byActive = await get(usersLoader, "/admin/users?sort=lastActive&dir=desc&perPage=100");
    expect(byActive.body.rows[0].lastActiveAt).not.toBeNull();

    const small = await get(usersLoader, "/admin/users?perPage=10&sort=email&dir=asc");
    expect(small.body.rows).toHaveLength(10);
    expect(small.body.perPage).toBe(10);
    const second = await get(usersLoader, "/admin/users?perPage=10&sort=email&dir=asc&page=2");
    expect(second.body.page).toBe(2);
    expect(second.body.rows[0].email[0] >= small.body.rows[9].email[0]).toBe(true);
    expect(second.body.rows.map((r: { id: string }) => r.id)).not.toContain(small.body.rows[9].id);
    // A page size the cog does not offer falls back to 25.
    expect((await get(usersLoader, "/admin/users?perPage=5000")).body.perPage).toBe(25);
    // The cog's columns: all by default; only the ticked ones once its form was sent.
    expect((await get(usersLoader, "/admin/users")).body.columns).toEqual(["uniqid", "created", "lastActive"]);
    expect((await get(usersLoader, "/admin/users?cog=1&show=created")).body.columns).toEqual(["created"]);
  });
});

describe("creating a user", () => {
  it("creates the account with its settings row and user id, journaled, password set by the admin", async () => {
    const u = await createFresh("seller", { emailVerified: "on" });
    expect(u).toMatchObject({ role: "seller", emailVerified: true, deletedAt: null });
    expect(u.userUniqid).toMatch(/^[0-9a-f]{12}$/);
    expect(await db.select().from(userSettings).where(eq(userSettings.userId, u.id))).toHaveLength(1);
    const [entry] = await journalOf(u.id);
    expect(entry).toMatchObject({ kind: "account.create", actorId: adminRow.id, category: "general" });
    // The typed password works.
    await expect(sessionCookieFor(services, u.email, "secret12")).resolves.toContain("=");
  });

  it("mails a set-password link when asked, and leaves the email unverified unless ticked", async () => {
    const email = `linked.${Date.now()}@example.com`;
    const res = await post(usersAction, "/admin/users", {
      intent: "create",
      name: "Linked Person",
      email,
      role: "buyer",
      passwordMode: "email",
    });
    expect(res.status).toBe(303);
    const u = await userByEmail(email);
    expect(u.emailVerified).toBe(false);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail.subject).toContain("choose a password");
    // The link opens the reset-password page (the one "Forgot password" leads to) with better-auth's token.
    const token = /\/reset-password\?token=([0-9a-f]{48})/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    await services.auth.api.resetPassword({ body: { newPassword: "chosen123", token: token as string } });
    await expect(sessionCookieFor(services, email, "chosen123")).resolves.toContain("=");
  });

  it("refuses a taken email with 'Email already exists' and bad input with field messages", async () => {
    const taken = await post(usersAction, "/admin/users", {
      intent: "create",
      name: "Copy Cat",
      email: "BUYER@example.com",
      role: "buyer",
      passwordMode: "set",
      password: "secret12",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.fields.email).toEqual(["Email already exists"]);
    const bad = await post(usersAction, "/admin/users", {
      intent: "create",
      name: "X",
      email: "not-an-email",
      role: "admin",
      passwordMode: "set",
      password: "123",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toEqual(["Email address is invalid, enter correct email."]);
    expect(bad.body.fields.password).toEqual(["Password should be at least 6 characters."]);
    expect(bad.body.fields.role).toBeTruthy();
    // The typed values come back for the form, the password never.
    expect(bad.body.values).toMatchObject({ name: "X", email: "not-an-email" });
    expect(JSON.stringify(bad.body.values ?? {})).not.toContain("123");
    expect(await userByEmail("not-an-email")).toBeUndefined();
  });
});

describe("editing a user", () => {
  it("changes name, email and role in one journaled change; a taken email is refused", async () => {
    const u = await createFresh("buyer", { emailVerified: "on" });
    const path = `/admin/users/${u.userUniqid}/edit`;
    const newEmail = `renamed.${Date.now()}@example.com`;
    const res = await post(
      editAction,
      path,
      { intent: "update", name: "Renamed Person", email: newEmail, role: "seller" },
      admin,
      { uniqid: u.userUniqid },
    );
    expect(res.status).toBe(303);
    const after = await userByEmail(newEmail);
    expect(after).toMatchObject({ id: u.id, name: "Renamed Person", role: "seller", emailVerified: false });
    const [entry] = await journalOf(u.id);
    expect(entry.kind).toBe("account.update");
    expect(entry.summary).toContain("Renamed Person");

    const taken = await post(
      editAction,
      path,
      { intent: "update", name: "Renamed Person", email: "seller@example.com", role: "seller" },
      admin,
      { uniqid: u.userUniqid },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.fields.email).toEqual(["Email already exists"]);
    expect((await userByEmail(newEmail)).id).toBe(u.id);

    const missing = await get(editLoader, "/admin/users/nope/edit", admin, { uniqid: "doesnotexist" });
    expect(missing.status).toBe(404);
  });

  it("suspends with a reason (signed out, cannot sign in), lifts it, verifies the email and resets 2FA", async () => {
    const u = await createFresh("buyer");
    const params = { uniqid: u.userUniqid };
    const path = `/admin/users/${u.userUniqid}/edit`;
    await sessionCookieFor(services, u.email, "secret12");
    expect(await db.select().from(session).where(eq(session.userId, u.id))).not.toHaveLength(0);

    const noReason = await post(editAction, path, { intent: "suspend", reason: " " }, admin, params);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe("Please give a reason for the suspension.");

    expect((await post(editAction, path, { intent: "suspend", reason: "Spam offers" }, admin, params)).status).toBe(
      303,
    );
    expect(await userByEmail(u.email)).toMatchObject({ banned: true, banReason: "Spam offers" });
    expect(await db.select().from(session).where(eq(session.userId, u.id))).toHaveLength(0);
    await expect(sessionCookieFor(services, u.email, "secret12")).rejects.toThrow();
    expect((await journalOf(u.id))[0]).toMatchObject({
      kind: "account.suspend",
      category: "security",
      actorId: adminRow.id,
    });
    const again = await post(editAction, path, { intent: "suspend", reason: "Spam offers" }, admin, params);
    expect(again.status).toBe(409);

    expect((await post(editAction, path, { intent: "unsuspend" }, admin, params)).status).toBe(303);
    expect(await userByEmail(u.email)).toMatchObject({ banned: false, banReason: null });
    await expect(sessionCookieFor(services, u.email, "secret12")).resolves.toContain("=");

    expect((await post(editAction, path, { intent: "verify-email" }, admin, params)).status).toBe(303);
    expect((await userByEmail(u.email)).emailVerified).toBe(true);
    expect((await journalOf(u.id))[0].kind).toBe("account.verify-email");

    expect((await post(editAction, path, { intent: "reset-2fa" }, admin, params)).status).toBe(409);
    await db.insert(twoFactor).values({ id: `tf-${u.id}`, secret: "s", backupCodes: "b", userId: u.id });
    await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, u.id));
    expect((await post(editAction, path, { intent: "reset-2fa" }, admin, params)).status).toBe(303);
    expect((await userByEmail(u.email)).twoFactorEnabled).toBe(false);
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, u.id))).toHaveLength(0);
    expect((await journalOf(u.id))[0]).toMatchObject({ kind: "account.2fa-reset", category: "security" });
  });

  it("cannot suspend, delete or change the staff role of yourself", async () => {
    const params = { uniqid: adminRow.userUniqid };
    const path = `/admin/users/${adminRow.userUniqid}/edit`;
    const suspend = await post(editAction, path, { intent: "suspend", reason: "testing" }, admin, params);
    expect(suspend.status).toBe(400);
    const staff = await post(editAction, path, { intent: "staff-role", staffRole: "writer" }, admin, params);
    expect(staff.status).toBe(403);
    expect(staff.body.error).toBe("You cannot change your own staff role.");
    expect((await post(editAction, path, { intent: "delete" }, admin, params)).status).toBe(400);
    expect(await userByEmail("admin@example.com")).toMatchObject({
      role: "admin",
      staffRole: "admin",
      banned: false,
      deletedAt: null,
    });
  });
});

describe("deleting and restoring", () => {
  it("deletes a seller (listings deactivated, signed out) and restores the account but not the listings", async () => {
    const u = await createFresh("seller");
    const [l] = await db.select().from(listings).where(eq(listings.listingStatusId, 3)).limit(1);
    await db.update(listings).set({ sellerId: u.id }).where(eq(listings.id, l.id));
    await sessionCookieFor(services, u.email, "secret12");
    const path = `/admin/users/${u.userUniqid}/edit`;
    const del = await post(editAction, path, { intent: "delete" }, admin, { uniqid: u.userUniqid });
    expect(del.status).toBe(303);
    expect(del.location).toBe("/admin/users");
    expect((await userByEmail(u.email)).deletedAt).not.toBeNull();
    expect(await db.select().from(session).where(eq(session.userId, u.id))).toHaveLength(0);
    expect((await db.select().from(listings).where(eq(listings.id, l.id)))[0].listingStatusId).toBe(9);
    expect((await get(usersLoader, `/admin/users?q=${u.userUniqid}`)).body.total).toBe(0);
    expect((await get(editLoader, path, admin, { uniqid: u.userUniqid })).status).toBe(404);

    const list = await get(deletedLoader, `/admin/deleted-users?q=${u.userUniqid}`);
    expect(list.body.rows.map((r: { id: string }) => r.id)).toEqual([u.userUniqid]); // rows are named by the public user id
    const res = await post(deletedAction, "/admin/deleted-users", { intent: "restore", id: u.userUniqid });
    expect(res.status).toBe(303);
    expect((await userByEmail(u.email)).deletedAt).toBeNull();
    expect((await db.select().from(listings).where(eq(listings.id, l.id)))[0].listingStatusId).toBe(9);
    const kinds = (await journalOf(u.id)).map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(["account.restore", "listing.status", "account.delete"]);
    await expect(sessionCookieFor(services, u.email, "secret12")).resolves.toContain("=");
    // Restoring twice is refused.
    const twice = await post(deletedAction, "/admin/deleted-users", { intent: "restore", id: u.userUniqid });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("This account is not deleted.");
  });

  it("softDeleteUser is one transaction: nothing changes when the account is already deleted", async () => {
    const u = await createFresh("buyer");
    const actor = { ...adminRow, role: "admin" as const, staffRole: "admin" as const, impersonatedBy: null };
    await softDeleteUser(services, { actor, input: { userId: u.id, byAdministrator: false } });
    const before = (await journalOf(u.id)).length;
    await expect(softDeleteUser(services, { actor, input: { userId: u.id, byAdministrator: false } })).rejects.toThrow(
      "already deleted",
    );
    expect((await journalOf(u.id)).length).toBe(before);
  });
});

describe("staff roles", () => {
  it("lists staff, changes a staff role, adds an existing user as staff, never your own", async () => {
    const staff = await get(adminsLoader, "/admin/admins");
    const emails = staff.body.rows.map((s: { cells: { email: string } }) => s.cells.email);
    // Your own row offers no role change, only a note.
    const own = staff.body.rows.find((s: { cells: { email: string } }) => s.cells.email === "admin@example.com");
    expect(own.actions).toEqual([]);
    expect(own.notes).toEqual(["You (cannot change your own)"]);
    const other = staff.body.rows.find((s: { cells: { email: string } }) => s.cells.email === "writer@example.com");
    expect(other.actions.map((a: { intent: string }) => a.intent)).toEqual(["change"]);
    expect(emails).toEqual(
      expect.arrayContaining(["admin@example.com", "writer@example.com", "senior.writer@example.com"]),
    );
    expect(emails).not.toContain("buyer@example.com");

    const u = await createFresh("seller");
    const add = await post(adminsAction, "/admin/admins", { intent: "add", email: u.email, staffRole: "writer" });
    expect(add.status).toBe(303);
    expect(await userByEmail(u.email)).toMatchObject({ staffRole: "writer", role: "seller" });
    const promote = await post(adminsAction, "/admin/admins", {
      intent: "change",
      id: u.userUniqid,
      staffRole: "admin",
    });
    expect(promote.status).toBe(303);
    expect(await userByEmail(u.email)).toMatchObject({ staffRole: "admin", role: "admin" });
    const demote = await post(adminsAction, "/admin/admins", {
      intent: "change",
      id: u.userUniqid,
      staffRole: "none",
    });
    expect(demote.status).toBe(303);
    expect(await userByEmail(u.email)).toMatchObject({ staffRole: null, role: "buyer" });
    const entries = (await journalOf(u.id)).filter((e) => e.kind === "account.staff-role");
    expect(entries).toHaveLength(3);
    expect(entries[0].summary).toBe("An administrator changed the staff role from Administrator to None (not staff).");

    const ownChange = await post(adminsAction, "/admin/admins", {
      intent: "change",
      id: adminRow.userUniqid,
      staffRole: "writer",
    });
    expect(ownChange.status).toBe(403);
    const unknown = await post(adminsAction, "/admin/admins", {
      intent: "add",
      email: "nobody.here@example.com",
      staffRole: "writer",
    });
    expect(unknown.status).toBe(404);
    const badRole = await post(adminsAction, "/admin/admins", {
      intent: "change",
      id: u.userUniqid,
      staffRole: "owner",
    });
    expect(badRole.status).toBe(400);
  });
});

describe("admin profile and login activity", () => {
  it("shows the administrator's own account and recent sign-ins", async () => {
    const res = await get(profileLoader, "/admin/profile");
    expect(res.body).toMatchObject({ email: "admin@example.com", staffRole: "admin", twoFactorEnabled: false });
    expect(res.body.signIns.length).toBeGreaterThan(0);
    for (const s of res.body.signIns) expect(typeof s.success).toBe("boolean");
  });

  it("lists sign-ins with search, result filter, sort and paging", async () => {
    const rowsOf = (res: { body: { rows: Cells[] } }): Cells["cells"][] =>
      res.body.rows.map((r) => ({ id: r.id, ...r.cells }));
    const all = await get(loginLoader, "/admin/login-activity");
    expect(all.body.total).toBeGreaterThan(25);
    expect(all.body.rows).toHaveLength(25);
    const times = rowsOf(all).map((r) => String(r.time));
    expect(times).toEqual([...times].sort().reverse());
    // The browser in a few words, the header as sent behind the table settings.
    const described = rowsOf(all).find((r) => r.agent);
    expect(described?.browser).toBe(describeUserAgent(String(described?.agent)));
    const failures = await get(loginLoader, "/admin/login-activity?f.result=failure");
    expect(failures.body.total).toBeGreaterThan(0);
    for (const r of rowsOf(failures)) expect(String(r.result)).toMatch(/^Failed/);
    expect(rowsOf(failures).map((r) => r.result)).toContain("Failed: wrong email or password");
    // The filter's name from before the list was declared still works; the engine's own wins ("all").
    const old = await get(loginLoader, "/admin/login-activity?result=failure");
    expect(old.body.total).toBe(failures.body.total);
    const allAgain = await get(loginLoader, "/admin/login-activity?result=failure&f.result=");
    expect(allAgain.body.total).toBe(all.body.total);
    const buyers = await get(loginLoader, "/admin/login-activity?q=buyer%40example.com&f.result=success");
    expect(buyers.body.total).toBeGreaterThan(0);
    for (const r of rowsOf(buyers))
      expect(r).toMatchObject({ email: "buyer@example.com", result: "Signed in", user: "Bella Buyer" });
    // The user's name links to their page; an attempt without an account links nowhere.
    const buyerRow = buyers.body.rows[0] as Cells & { links: Record<string, string> };
    expect(buyerRow.links.user).toMatch(/^\/admin\/users\/[^/]+\/edit$/);
    const byIp = await get(loginLoader, "/admin/login-activity?q=198.51.100.77");
    expect(rowsOf(byIp).map((r) => r.email)).toEqual(["someone@example.org"]);
    expect((byIp.body.rows[0] as { links: Record<string, string> }).links.user).toBeUndefined();
    expect(rowsOf(byIp)[0].user).toBe("No account");
    const byEmail = await get(loginLoader, "/admin/login-activity?sort=email&dir=asc");
    const emails = rowsOf(byEmail).map((r) => String(r.email));
    expect(emails).toEqual([...emails].sort());
    const page2 = await get(loginLoader, "/admin/login-activity?page=2");
    expect(page2.body.page).toBe(2);
    expect(page2.body.rows[0].id).not.toBe(all.body.rows[0].id);
    const count = await db
      .select()
      .from(loginActivity)
      .where(and(eq(loginActivity.success, false)));
    expect(failures.body.total).toBe(count.length);
  });
});

describe("issue 28: an account action sent 20 times at once applies once", () => {
  const TIMES = 20;
  const kindsOf = async (userId: string, kind: string) =>
    (await journalOf(userId)).filter((e) => e.kind === kind).length;
  const burst = (fn: unknown, path: string, form: Record<string, string>, params = {}) =>
    Promise.all(Array.from({ length: TIMES }, () => post(fn, path, form, admin, params)));

  it("suspend, unsuspend, the staff role on the edit page and on /admin/admins: one change, one journal row each", async () => {
    const u = await createFresh("buyer");
    const params = { uniqid: u.userUniqid };
    const path = `/admin/users/${u.userUniqid}/edit`;

    const suspended = await burst(editAction, path, { intent: "suspend", reason: "Spam offers" }, params);
    expect(suspended.filter((r) => r.status === 303)).toHaveLength(1);
    expect(suspended.every((r) => r.status === 303 || r.status === 409)).toBe(true);
    expect(await kindsOf(u.id, "account.suspend")).toBe(1);
    expect(await userByEmail(u.email)).toMatchObject({ banned: true, banReason: "Spam offers" });

    const lifted = await burst(editAction, path, { intent: "unsuspend" }, params);
    expect(lifted.filter((r) => r.status === 303)).toHaveLength(1);
    expect(await kindsOf(u.id, "account.unsuspend")).toBe(1);
    expect(await userByEmail(u.email)).toMatchObject({ banned: false });

    const staff = await burst(editAction, path, { intent: "staff-role", staffRole: "writer" }, params);
    expect(staff.filter((r) => r.status === 303)).toHaveLength(1);
    expect(staff.every((r) => r.status === 303 || r.status === 409)).toBe(true);
    expect(await kindsOf(u.id, "account.staff-role")).toBe(1);

    const viaAdmins = await burst(adminsAction, "/admin/admins", {
      intent: "change",
      id: u.userUniqid,
      staffRole: "senior_writer",
    });
    expect(viaAdmins.filter((r) => r.status === 303)).toHaveLength(1);
    expect(await kindsOf(u.id, "account.staff-role")).toBe(2);
    expect(await userByEmail(u.email)).toMatchObject({ staffRole: "senior_writer", role: "buyer" });
  });
});
