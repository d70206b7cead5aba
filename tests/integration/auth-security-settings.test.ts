import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import { activityJournal, listings, loginActivity, session, settings, twoFactor, user } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { createListing } from "~/modules/listings/inventory.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { action as signInAction } from "~/routes/account/sign-in";
import { loader as twoFactorLoader, action as twoFactorAction } from "~/routes/account/two-factor";
import { loader as securityLoader, action as securityAction } from "~/routes/profile/security";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { totpCode } from "../fixtures/totp";

const services = await startTestServices();
const { db } = services;

let n = 0;
/** A fresh, verified account made directly (the joining flow has its own tests). */
async function freshAccount(role: "buyer" | "seller" | "admin" = "buyer") {
  const email = `sec-${++n}-${Date.now()}@example.org`;
  const res = await services.auth.api.signUpEmail({
    body: { name: `Secure ${n}`, email, password: "secret12" },
    headers: new Headers({ origin: "http://localhost:3000" }),
  });
  await db.update(user).set({ role, emailVerified: true }).where(eq(user.id, res.user.id));
  const cookie = await sessionCookieFor(services, email, "secret12");
  return { email, id: res.user.id, cookie };
}

const post = (cookie: string, form: Record<string, string>, ip = "10.9.0.1") =>
  callRoute(
    securityAction as never,
    makeRequest("/profile/security", { cookie, form, headers: { "x-vpm-client-address": ip } }),
  );

/** Turns on two-factor through the security page and returns the key and backup codes. */
async function enableTwoFactor(who: { cookie: string }) {
  const started = await post(who.cookie, { intent: "enable-2fa", password: "secret12" });
  expect(started.status).toBe(303);
  const page = await callRoute(securityLoader as never, makeRequest("/profile/security", { cookie: who.cookie }));
  expect(page.body.twoFactor.enabled).toBe(false);
  const uri: string = page.body.twoFactor.setup.uri;
  expect(uri).toMatch(/^otpauth:\/\/totp\/Vacation%20Points%20Market:/);
  expect(page.body.twoFactor.setup.qr.path).toMatch(/^M\d+ \d+h1v1h-1z/);
  const confirmed = await post(who.cookie, { intent: "confirm-2fa", code: totpCode(uri) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const backupCodes: string[] = confirmed.body.backupCodes;
  expect(backupCodes).toHaveLength(10);
  const cookie = applySetCookies(who.cookie, confirmed.headers.getSetCookie());
  return { uri, backupCodes, cookie };
}

async function signInForm(email: string, password: string, ip: string) {
  return callRoute(
    signInAction as never,
    makeRequest("/sign-in", {
      form: { email, password, redirectTo: "/resorts" },
      headers: { "x-vpm-client-address": ip },
    }),
  );
}

describe("two-factor authentication", () => {
  it("refuses set-up with a wrong password, sets up with the password and a first code, journals it", async () => {
    const who = await freshAccount();
    const wrong = await post(who.cookie, { intent: "enable-2fa", password: "nope-nope" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.password).toEqual(["That password is not right."]);
    const badCode = await (async () => {
      await post(who.cookie, { intent: "enable-2fa", password: "secret12" });
      return post(who.cookie, { intent: "confirm-2fa", code: "000000" });
    })();
    expect(badCode.status).toBe(400);
    expect((await db.select().from(user).where(eq(user.id, who.id)))[0].twoFactorEnabled).toBe(false);
    await post(who.cookie, { intent: "cancel-2fa" });
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, who.id))).toEqual([]);

    const { cookie } = await enableTwoFactor(who);
    expect((await db.select().from(user).where(eq(user.id, who.id)))[0].twoFactorEnabled).toBe(true);
    const page = await callRoute(securityLoader as never, makeRequest("/profile/security", { cookie }));
    expect(page.body.twoFactor).toMatchObject({ enabled: true, setup: null });
    const kinds = (await db.select().from(activityJournal).where(eq(activityJournal.userId, who.id))).map(
      (j) => j.kind,
    );
    expect(kinds).toContain("auth.two-factor.enabled");
  });

  it("asks for a code after the password; a wrong code is refused and counted; a right one signs in", async () => {
    const who = await freshAccount();
    const { uri } = await enableTwoFactor(who);
    const ip = "10.9.1.1";
    const first = await signInForm(who.email, "secret12", ip);
    expect(first.status).toBe(303);
    expect(first.location).toBe("/two-factor?redirectTo=%2Fresorts");
    const setCookies = first.headers.getSetCookie();
    expect(setCookies.some((c) => c.startsWith("better-auth.two_factor="))).toBe(true);
    const pending = applySetCookies("", setCookies);
    expect(pending).not.toContain("session_token");
    expect((await callRoute(twoFactorLoader as never, makeRequest("/two-factor", { cookie: pending }))).status).toBe(
      200,
    );
    expect((await callRoute(twoFactorLoader as never, makeRequest("/two-factor"))).location).toBe("/sign-in");

    const wrong = await callRoute(
      twoFactorAction as never,
      makeRequest("/two-factor", {
        cookie: pending,
        form: { code: "000000" },
        headers: { "x-vpm-client-address": ip },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.code[0]).toMatch(/not right/);
    const failed = await db.select().from(loginActivity).where(eq(loginActivity.userId, who.id));
    expect(failed.at(-1)).toMatchObject({ success: false, reason: "two-factor", ipAddress: ip });

    const right = await callRoute(
      twoFactorAction as never,
      makeRequest("/two-factor", {
        cookie: pending,
        form: { code: totpCode(uri), redirectTo: "/resorts" },
        headers: { "x-vpm-client-address": ip },
      }),
    );
    expect(right.status).toBe(303);
    expect(right.location).toBe("/resorts");
    const signedIn = applySetCookies(pending, right.headers.getSetCookie());
    const s = await services.auth.api.getSession({ headers: new Headers({ cookie: signedIn }) });
    expect(s?.user.email).toBe(who.email);
    const rows = await db.select().from(loginActivity).where(eq(loginActivity.userId, who.id));
    expect(rows.at(-1)).toMatchObject({ success: true, reason: null });
    const journal = await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.userId, who.id), eq(activityJournal.kind, "auth.sign-in")));
    expect(journal.at(-1)?.summary).toMatch(/two-factor/);
  });

  it("signs in with a backup code once; the same code is refused afterwards", async () => {
    const who = await freshAccount();
    const { backupCodes } = await enableTwoFactor(who);
    const code = backupCodes[0];
    for (const [i, expected] of [
      [1, 303],
      [2, 400],
    ] as const) {
      const first = await signInForm(who.email, "secret12", `10.9.2.${i}`);
      const pending = applySetCookies("", first.headers.getSetCookie());
      const r = await callRoute(
        twoFactorAction as never,
        makeRequest("/two-factor", {
          cookie: pending,
          form: { code },
          headers: { "x-vpm-client-address": `10.9.2.${i}` },
        }),
      );
      expect(r.status, `use ${i}`).toBe(expected);
    }
  });

  it("locks the second factor after 5 wrong codes in 15 minutes (429), even with a right code", async () => {
    const who = await freshAccount();
    const { uri } = await enableTwoFactor(who);
    let pending = "";
    for (let i = 0; i < 5; i++) {
      // A new sign-in for each wrong code: better-auth also ends a sign-in after 5 wrong codes.
      const first = await signInForm(who.email, "secret12", `10.9.3.${i}`);
      pending = applySetCookies("", first.headers.getSetCookie());
      const r = await callRoute(
        twoFactorAction as never,
        makeRequest("/two-factor", {
          cookie: pending,
          form: { code: "000000" },
          headers: { "x-vpm-client-address": `10.9.3.${i}` },
        }),
      );
      expect(r.status).toBe(400);
    }
    const first = await signInForm(who.email, "secret12", "10.9.3.9");
    pending = applySetCookies("", first.headers.getSetCookie());
    const locked = await callRoute(
      twoFactorAction as never,
      makeRequest("/two-factor", {
        cookie: pending,
        form: { code: totpCode(uri) },
        headers: { "x-vpm-client-address": "10.9.3.9" },
      }),
    );
    expect(locked.status).toBe(429);
    expect(locked.body.fields?.code ?? locked.body.error).toBeTruthy();
    const last = await db.select().from(loginActivity).where(eq(loginActivity.userId, who.id));
    expect(last.at(-1)).toMatchObject({ success: false, reason: "rate-limited" });
  });

  it("makes new backup codes and turns off with the password", async () => {
    const who = await freshAccount();
    const { cookie, backupCodes } = await enableTwoFactor(who);
    const fresh = await post(cookie, { intent: "regenerate-codes", password: "secret12" });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(10);
    expect(fresh.body.backupCodes).not.toContain(backupCodes[0]);
    const wrong = await post(cookie, { intent: "disable-2fa", password: "nope-nope" });
    expect(wrong.status).toBe(400);
    const off = await post(cookie, { intent: "disable-2fa", password: "secret12" });
    expect(off.status).toBe(303);
    expect((await db.select().from(user).where(eq(user.id, who.id)))[0].twoFactorEnabled).toBe(false);
    const kinds = (await db.select().from(activityJournal).where(eq(activityJournal.userId, who.id))).map(
      (j) => j.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(["auth.two-factor.backup-codes", "auth.two-factor.disabled"]));
  });

  it("locks password checks on the security page after 5 wrong passwords", async () => {
    const who = await freshAccount();
    for (let i = 0; i < 5; i++)
      expect((await post(who.cookie, { intent: "enable-2fa", password: "nope-nope" })).status).toBe(400);
    const locked = await post(who.cookie, { intent: "enable-2fa", password: "secret12" });
    expect(locked.status).toBe(429);
  });

  it("requires two-factor for administrators once the setting is on: the admin area sends them to set it up", async () => {
    const admin = await freshAccount("admin");
    const before = await callRoute(
      adminLayoutLoader as never,
      makeRequest("/admin/dashboard", { cookie: admin.cookie }),
    );
    expect(before.status).toBe(200);
    await db
      .insert(settings)
      .values({ key: "require_admin_two_factor", value: true })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: true },
      });
    try {
      const sent = await callRoute(
        adminLayoutLoader as never,
        makeRequest("/admin/dashboard", { cookie: admin.cookie }),
      );
      expect(sent.status).toBe(302);
      expect(sent.location).toBe("/profile/security");
      const page = await callRoute(securityLoader as never, makeRequest("/profile/security", { cookie: admin.cookie }));
      expect(page.body.twoFactor.required).toBe(true);
      const { cookie } = await enableTwoFactor(admin);
      const after = await callRoute(adminLayoutLoader as never, makeRequest("/admin/dashboard", { cookie }));
      expect(after.status).toBe(200);
      const off = await post(cookie, { intent: "disable-2fa", password: "secret12" });
      expect(off.status).toBe(403);
      expect((await db.select().from(user).where(eq(user.id, admin.id)))[0].twoFactorEnabled).toBe(true);
      // Buyers are not concerned.
      const buyer = await freshAccount();
      expect(
        (await callRoute(securityLoader as never, makeRequest("/profile/security", { cookie: buyer.cookie }))).body
          .twoFactor.required,
      ).toBe(false);
    } finally {
      await db.update(settings).set({ value: false }).where(eq(settings.key, "require_admin_two_factor"));
    }
  });
});

describe("browser sessions", () => {
  it("lists the sessions with device, address and this device, and logs out the others after the password", async () => {
    const who = await freshAccount();
    const phone = await services.auth.api.signInEmail({
      body: { email: who.email, password: "secret12" },
      headers: new Headers({
        "x-vpm-client-address": "10.10.0.2",
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      }),
      asResponse: true,
    });
    const phoneCookie = applySetCookies("", phone.headers.getSetCookie());
    const page = await callRoute(securityLoader as never, makeRequest("/profile/security", { cookie: who.cookie }));
    const list = page.body.sessions as { device: string; ipAddress: string; current: boolean }[];
    // The sign-up's own session, this one, and the phone.
    expect(list).toHaveLength(3);
    expect(list[0].current).toBe(true);
    expect(list.find((s) => !s.current)).toMatchObject({ device: "Safari on iPhone", ipAddress: "10.10.0.2" });

    const wrong = await post(who.cookie, { intent: "logout-others", password: "nope-nope" });
    expect(wrong.status).toBe(400);
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: phoneCookie }) })).not.toBeNull();
    const ok = await post(who.cookie, { intent: "logout-others", password: "secret12" });
    expect(ok.status).toBe(303);
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: phoneCookie }) })).toBeNull();
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: who.cookie }) })).not.toBeNull();
    const entry = (await db.select().from(activityJournal).where(eq(activityJournal.userId, who.id))).find(
      (j) => j.kind === "auth.sessions.revoked",
    );
    expect(entry?.summary).toBe("Logged out 2 other browser sessions");
    expect(await db.select().from(session).where(eq(session.userId, who.id))).toHaveLength(1);
  });

  it("keeps the last-active time fresh: a request refreshes a session older than 5 minutes, and the person's last_active_at", async () => {
    const who = await freshAccount();
    const old = new Date(Date.now() - 60 * 60 * 1000);
    await db.update(session).set({ updatedAt: old }).where(eq(session.userId, who.id));
    await db.update(user).set({ lastActiveAt: null }).where(eq(user.id, who.id));
    const page = await callRoute(securityLoader as never, makeRequest("/profile/security", { cookie: who.cookie }));
    const current = (page.body.sessions as { current: boolean; lastActive: string }[]).find((s) => s.current);
    expect(Date.now() - new Date(current?.lastActive ?? 0).getTime()).toBeLessThan(60_000);
    const [row] = await db.select().from(user).where(eq(user.id, who.id));
    expect(row.lastActiveAt).not.toBeNull();
  });

  it("refuses security changes to an administrator who is impersonating", async () => {
    const who = await freshAccount();
    const adminCookie = await sessionCookieFor(services, "admin@example.com");
    const started = await services.auth.api.impersonateUser({
      body: { userId: who.id },
      headers: new Headers({ cookie: adminCookie, origin: "http://localhost:3000" }),
      asResponse: true,
    });
    const cookie = applySetCookies(adminCookie, started.headers.getSetCookie());
    const page = await callRoute(securityLoader as never, makeRequest("/profile/security", { cookie }));
    expect(page.body.impersonating).toBe(true);
    for (const intent of ["enable-2fa", "logout-others", "delete-account"]) {
      const r = await post(cookie, { intent, password: "secret12", confirm: "on" });
      expect(r.status, intent).toBe(403);
    }
    expect((await db.select().from(user).where(eq(user.id, who.id)))[0].deletedAt).toBeNull();
  });
});

describe("deleting an account", () => {
  it("soft-deletes after the password, ends every session, deactivates the listings, and blocks sign-in", async () => {
    const who = await freshAccount("seller");
    const viewer: Viewer = {
      id: who.id,
      name: "Secure",
      email: who.email,
      role: "seller",
      staffRole: null,
      userUniqid: "",
      emailVerified: true,
      impersonatedBy: null,
    };
    const created = await createListing(services, {
      actor: viewer,
      input: {
        resortId: 1,
        useMonth: 12,
        contractPoints: 160,
        prevYearPoints: 0,
        currYearPoints: 160,
        nextYearPoints: 160,
        pricePerPoint: 110,
      },
    }).catch((e) => e);
    // Whatever the form needs, an active listing of this seller exists for the test:
    const [active] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.listingStatusId, LISTING_STATUS.active))
      .limit(1);
    await db.update(listings).set({ sellerId: who.id }).where(eq(listings.id, active.id));
    const other = await sessionCookieFor(services, who.email, "secret12");

    const noTick = await post(who.cookie, { intent: "delete-account", password: "secret12" });
    expect(noTick.status).toBe(400);
    const wrong = await post(who.cookie, { intent: "delete-account", password: "nope-nope", confirm: "on" });
    expect(wrong.status).toBe(400);
    expect((await db.select().from(user).where(eq(user.id, who.id)))[0].deletedAt).toBeNull();

    const ok = await post(who.cookie, { intent: "delete-account", password: "secret12", confirm: "on" });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/");
    const [row] = await db.select().from(user).where(eq(user.id, who.id));
    expect(row.deletedAt).not.toBeNull();
    expect(await db.select().from(session).where(eq(session.userId, who.id))).toEqual([]);
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: other }) })).toBeNull();
    const [l] = await db.select().from(listings).where(eq(listings.id, active.id));
    expect(l.listingStatusId).toBe(LISTING_STATUS.deactivated);
    const kinds = (await db.select().from(activityJournal).where(eq(activityJournal.userId, who.id))).map(
      (j) => j.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(["account.delete", "listing.status"]));
    if (!(created instanceof Error)) {
      const [pending] = await db.select().from(listings).where(eq(listings.id, created.id));
      expect(pending.listingStatusId).toBe(LISTING_STATUS.deactivated);
    }

    // Signing in again: the same answer as a wrong password, recorded as "deleted".
    const again = await signInForm(who.email, "secret12", "10.11.0.1");
    expect(again.status).toBe(401);
    expect(again.body.error).toEqual("That email and password do not match an account.");
    const last = await db.select().from(loginActivity).where(eq(loginActivity.userId, who.id));
    expect(last.at(-1)).toMatchObject({ success: false, reason: "deleted" });
    // No other way opens a session for it either.
    const direct = await services.auth.api
      .signInEmail({ body: { email: who.email, password: "secret12" }, headers: new Headers() })
      .catch((e) => e);
    expect(direct).toBeInstanceOf(Error);
  });

  it("refuses to list for an unverified seller in the service itself", async () => {
    const err = await createListing(services, {
      actor: {
        id: "nobody",
        name: "N",
        email: "n@example.org",
        role: "seller",
        staffRole: null,
        userUniqid: "",
        emailVerified: false,
        impersonatedBy: null,
      },
      input: {},
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(403);
    expect((err as AppError).message).toBe("Please verify your email before you list a contract.");
  });
});
