import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import {
  activityJournal,
  adminNotifications,
  listings,
  loginActivity,
  mailOutbox,
  session,
  user,
  userSettings,
  verification,
} from "~/db/schema";
import { action as completeProfileAction } from "~/routes/account/complete-profile";
import { action as forgotAction } from "~/routes/account/forgot-password";
import { loader as resetLoader, action as resetAction } from "~/routes/account/reset-password";
import { action as signInAction } from "~/routes/account/sign-in";
import { action as signUpAction } from "~/routes/account/sign-up-new";
import { loader as verifyLoader, action as verifyAction } from "~/routes/account/verify-email";
import { loader as inventoryNewLoader, action as inventoryNewAction } from "~/routes/profile/inventory-new";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const { db } = services;

let n = 0;
/** A fresh account through the real sign-up form; returns its cookie and id. */
async function join(role: "buyer" | "seller" = "buyer", ip = `10.1.0.${++n}`) {
  const email = `joiner-${n}-${Date.now()}@example.org`;
  const res = await callRoute(
    signUpAction as never,
    makeRequest("/sign-up/new", {
      form: { name: `Joiner ${n}`, email, password: "secret12", role },
      headers: { "x-vpm-client-address": ip },
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(303);
  const cookie = applySetCookies("", res.headers.getSetCookie());
  const [row] = await db.select().from(user).where(eq(user.email, email));
  return { email, cookie, id: row.id, uniqid: row.userUniqid, location: res.location, ip };
}

async function lastMailTo(email: string) {
  const [m] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return m;
}
const pinOf = (text: string) => /\b(\d{4})\b/.exec(text)?.[1] ?? "";

describe("joining: the email pin", () => {
  it("sends a 4-digit pin, notifies the administrators, writes the journal and goes to the verify page", async () => {
    const who = await join("seller");
    expect(who.location).toBe("/register/action/verify-email-message");
    const mail = await lastMailTo(who.email);
    expect(mail.template).toBe("otp-email-verification");
    expect(pinOf(mail.text)).toMatch(/^\d{4}$/);
    // The pin is not stored in clear.
    const [v] = await db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `email-verification-otp-${who.email}`));
    expect(v.value).not.toContain(pinOf(mail.text));

    const [note] = await db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.type, "userCreated"))
      .orderBy(desc(adminNotifications.id))
      .limit(1);
    expect(note.data).toMatchObject({
      type: "userCreated",
      role: "seller",
      user: "Joiner 1",
      user_uniqid: who.uniqid,
    });
    expect(String(note.data.notification)).toContain("Joiner 1");
    const journal = await db.select().from(activityJournal).where(eq(activityJournal.userId, who.id));
    expect(journal.map((j) => j.kind)).toContain("auth.sign-up");

    const page = await callRoute(
      verifyLoader as never,
      makeRequest("/register/action/verify-email-message", { cookie: who.cookie }),
    );
    expect(page.status).toBe(200);
    expect(page.body.email).toBe(who.email);
  });

  it("refuses a wrong pin with the SPEC message, then verifies with the right one and goes to /welcome", async () => {
    const who = await join();
    const pin = pinOf((await lastMailTo(who.email)).text);
    const wrong = pin === "0000" ? "1111" : "0000";
    const bad = await callRoute(
      verifyAction as never,
      makeRequest("/register/action/verify-email-message", {
        cookie: who.cookie,
        form: { intent: "verify", pin: wrong },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.pin).toEqual(["Email pin you provided is wrong."]);
    expect(bad.body.values).toEqual({ intent: "verify" }); // the pin is never echoed
    const notDigits = await callRoute(
      verifyAction as never,
      makeRequest("/register/action/verify-email-message", {
        cookie: who.cookie,
        form: { intent: "verify", pin: "12a" },
      }),
    );
    expect(notDigits.status).toBe(400);

    const ok = await callRoute(
      verifyAction as never,
      makeRequest("/register/action/verify-email-message", { cookie: who.cookie, form: { intent: "verify", pin } }),
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/welcome");
    const [row] = await db.select().from(user).where(eq(user.id, who.id));
    expect(row.emailVerified).toBe(true);
    const journal = await db.select().from(activityJournal).where(eq(activityJournal.userId, who.id));
    expect(journal.map((j) => j.kind)).toContain("auth.email-verified");
    // A verified person is sent on from the pin page.
    const page = await callRoute(
      verifyLoader as never,
      makeRequest("/register/action/verify-email-message", { cookie: who.cookie }),
    );
    expect(page.location).toBe("/welcome");
  });

  it("allows 5 tries per pin: the sixth is refused even with the right pin", async () => {
    const who = await join();
    const pin = pinOf((await lastMailTo(who.email)).text);
    const wrong = pin === "0000" ? "1111" : "0000";
    for (let i = 0; i < 5; i++) {
      const r = await callRoute(
        verifyAction as never,
        makeRequest("/register/action/verify-email-message", {
          cookie: who.cookie,
          form: { intent: "verify", pin: wrong },
        }),
      );
      expect(r.body.fields.pin).toEqual(["Email pin you provided is wrong."]);
    }
    const sixth = await callRoute(
      verifyAction as never,
      makeRequest("/register/action/verify-email-message", { cookie: who.cookie, form: { intent: "verify", pin } }),
    );
    expect(sixth.status).toBe(429);
    expect(sixth.body.fields.pin[0]).toMatch(/too many times/);
    expect((await db.select().from(user).where(eq(user.id, who.id)))[0].emailVerified).toBe(false);

    // A new pin works.
    const resent = await callRoute(
      verifyAction as never,
      makeRequest("/register/action/verify-email-message", { cookie: who.cookie, form: { intent: "resend" } }),
    );
    expect(resent.status).toBe(200);
    expect(resent.body.sent).toMatch(/new pin/);
    const fresh = pinOf((await lastMailTo(who.email)).text);
    const ok = await callRoute(
      verifyAction as never,
      makeRequest("/register/action/verify-email-message", {
        cookie: who.cookie,
        form: { intent: "verify", pin: fresh },
      }),
    );
    expect(ok.location).toBe("/welcome");
  });

  it("refuses an expired pin (10 minutes)", async () => {
    const who = await join();
    const pin = pinOf((await lastMailTo(who.email)).text);
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `email-verification-otp-${who.email}`));
    const r = await callRoute(
      verifyAction as never,
      makeRequest("/register/action/verify-email-message", { cookie: who.cookie, form: { intent: "verify", pin } }),
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.pin[0]).toMatch(/expired/);
  });

  it("limits pin sends per account (5 an hour, the one at sign-up included)", async () => {
    const who = await join();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await callRoute(
        verifyAction as never,
        makeRequest("/register/action/verify-email-message", {
          cookie: who.cookie,
          form: { intent: "resend" },
          headers: { "x-vpm-client-address": `10.2.0.${i}` },
        }),
      );
      statuses.push(r.status);
      if (r.status === 429) expect(r.body.error).toMatch(/too many pins/);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
    expect(mails.length).toBe(5);
  });

  it("keeps an unverified seller from listing, with a link to verify", async () => {
    const who = await join("seller");
    const page = await callRoute(
      inventoryNewLoader as never,
      makeRequest("/v2/profile/inventory-for-sale/new", { cookie: who.cookie }),
    );
    expect(page.status).toBe(200);
    expect(page.body.verified).toBe(false);
    const before = await db.select().from(listings).where(eq(listings.sellerId, who.id));
    const post = await callRoute(
      inventoryNewAction as never,
      makeRequest("/v2/profile/inventory-for-sale/new", {
        cookie: who.cookie,
        form: { resortId: "1", useMonth: "12", contractPoints: "150", pricePerPoint: "120" },
      }),
    );
    expect([400, 403]).toContain(post.status);
    expect(await db.select().from(listings).where(eq(listings.sellerId, who.id))).toEqual(before);
    // A verified demo seller still reaches the form.
    const seller = await sessionCookieFor(services, "seller@example.com");
    const ok = await callRoute(
      inventoryNewLoader as never,
      makeRequest("/v2/profile/inventory-for-sale/new", { cookie: seller }),
    );
    expect(ok.body.verified).toBe(true);
    expect(ok.body.resorts.length).toBeGreaterThan(0);
  });

  it("saves the phone number and mailing address, with a journal entry", async () => {
    const who = await join("seller");
    const bad = await callRoute(
      completeProfileAction as never,
      makeRequest("/user/complete-profile", { cookie: who.cookie, form: { phoneNumber: "12", addressLine1: "" } }),
    );
    expect(bad.status).toBe(400);
    const ok = await callRoute(
      completeProfileAction as never,
      makeRequest("/user/complete-profile", {
        cookie: who.cookie,
        form: {
          phoneNumber: "(407) 555-0123",
          addressLine1: "1 Main Street",
          addressLine2: "",
          city: "Orlando",
          state: "FL",
          postalCode: "32801",
          country: "US",
        },
      }),
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/v2/profile");
    const [s] = await db.select().from(userSettings).where(eq(userSettings.userId, who.id));
    expect(s).toMatchObject({
      phoneNumber: "(407) 555-0123",
      addressLine1: "1 Main Street",
      city: "Orlando",
      postalCode: "32801",
    });
    const journal = await db.select().from(activityJournal).where(eq(activityJournal.userId, who.id));
    expect(journal.map((j) => j.kind)).toContain("profile.update");
  });
});

describe("forgot and reset password", () => {
  it("answers the same for a registered and an unknown email, and mails only the registered one", async () => {
    const who = await join();
    const ask = (email: string, ip: string) =>
      callRoute(
        forgotAction as never,
        makeRequest("/forgot/password", { form: { email }, headers: { "x-vpm-client-address": ip } }),
      );
    const known = await ask(who.email, "10.3.0.1");
    const unknown = await ask("nobody-here@example.org", "10.3.0.2");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.sent).toBe(unknown.body.sent);
    const mail = await lastMailTo(who.email);
    expect(mail.template).toBe("reset-password");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=/);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, "nobody-here@example.org"))).toEqual([]);
  });

  it("resets with the link once, signs every session out, lifts the lock and writes the journal", async () => {
    const who = await join();
    const other = await sessionCookieFor(services, who.email, "secret12");
    await callRoute(
      forgotAction as never,
      makeRequest("/forgot/password", { form: { email: who.email }, headers: { "x-vpm-client-address": "10.3.1.1" } }),
    );
    const link =
      /http:\/\/localhost:3000(\/reset-password\?token=\S+)/.exec((await lastMailTo(who.email)).text)?.[1] ?? "";
    const token = new URL(link, "http://x").searchParams.get("token") ?? "";
    expect((await callRoute(resetLoader as never, makeRequest(link))).body.token).toBe(token);

    const mismatch = await callRoute(
      resetAction as never,
      makeRequest("/reset-password", { form: { token, password: "newpass1", confirmPassword: "newpass2" } }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields.confirmPassword).toEqual(["The two passwords do not match."]);

    const ok = await callRoute(
      resetAction as never,
      makeRequest("/reset-password", { form: { token, password: "newpass1", confirmPassword: "newpass1" } }),
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/sign-in");
    expect(await db.select().from(session).where(eq(session.userId, who.id))).toEqual([]);
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: other }) })).toBeNull();
    await sessionCookieFor(services, who.email, "newpass1");
    await expect(sessionCookieFor(services, who.email, "secret12")).rejects.toThrow();

    // Single use.
    const again = await callRoute(
      resetAction as never,
      makeRequest("/reset-password", { form: { token, password: "another1", confirmPassword: "another1" } }),
    );
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual("This reset link has expired or was already used. Ask for a new one.");
    expect(again.body.fields).toBeNull();
    const page = await callRoute(resetLoader as never, makeRequest(link));
    expect(page.body.token).toBeNull();
    const journal = await db.select().from(activityJournal).where(eq(activityJournal.userId, who.id));
    expect(journal.map((j) => j.kind)).toContain("auth.password-reset");
  });

  it("refuses an expired link (1 hour)", async () => {
    const who = await join();
    await callRoute(
      forgotAction as never,
      makeRequest("/forgot/password", { form: { email: who.email }, headers: { "x-vpm-client-address": "10.3.2.1" } }),
    );
    const token = /token=(\S+)/.exec((await lastMailTo(who.email)).text)?.[1] ?? "";
    const [v] = await db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(v.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(v.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verification.id, v.id));
    const r = await callRoute(
      resetAction as never,
      makeRequest("/reset-password", { form: { token, password: "newpass1", confirmPassword: "newpass1" } }),
    );
    expect(r.status).toBe(400);
  });

  it("limits reset requests per email (3 an hour) the same way for an unknown email", async () => {
    for (const email of ["limit-known@example.org", "limit-unknown@example.org"]) {
      if (email.includes("known") && !email.includes("unknown")) {
        await callRoute(
          signUpAction as never,
          makeRequest("/sign-up/new", { form: { name: "Limit Known", email, password: "secret12", role: "buyer" } }),
        );
      }
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await callRoute(
          forgotAction as never,
          makeRequest("/forgot/password", {
            form: { email },
            headers: { "x-vpm-client-address": `10.4.${email.length}.${i}` },
          }),
        );
        statuses.push(r.status);
      }
      expect(statuses, email).toEqual([200, 200, 200, 429]);
    }
    // And per address (10 an hour), whichever emails.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await callRoute(
        forgotAction as never,
        makeRequest("/forgot/password", {
          form: { email: `spray-${i}@example.org` },
          headers: { "x-vpm-client-address": "10.4.9.9" },
        }),
      );
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([429]);
    expect(statuses[10]).toBe(429);
  });
});

describe("sign-in security", () => {
  it("writes every attempt to the login activity, and a success to the journal and last-active time", async () => {
    const who = await join();
    const ip = "10.5.0.1";
    const bad = await callRoute(
      signInAction as never,
      makeRequest("/sign-in", {
        form: { email: who.email, password: "wrong-one" },
        headers: { "x-vpm-client-address": ip, "user-agent": "TestAgent/1.0" },
      }),
    );
    expect(bad.status).toBe(401);
    const ok = await callRoute(
      signInAction as never,
      makeRequest("/sign-in", {
        form: { email: who.email, password: "secret12" },
        headers: { "x-vpm-client-address": ip, "user-agent": "TestAgent/1.0" },
      }),
    );
    expect(ok.status).toBe(303);
    const rows = await db
      .select()
      .from(loginActivity)
      .where(eq(loginActivity.email, who.email))
      .orderBy(loginActivity.id);
    expect(rows.map((r) => [r.success, r.reason, r.ipAddress, r.userAgent, r.userId])).toEqual([
      [false, "bad-credentials", ip, "TestAgent/1.0", who.id],
      [true, null, ip, "TestAgent/1.0", who.id],
    ]);
    const [row] = await db.select().from(user).where(eq(user.id, who.id));
    expect(row.lastActiveAt).not.toBeNull();
    const journal = await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.userId, who.id), eq(activityJournal.kind, "auth.sign-in")));
    expect(journal[0]).toMatchObject({ category: "security", ipAddress: ip });
    // The session records the connection's address, not a forgeable X-Forwarded-For.
    const [s] = await db
      .select()
      .from(session)
      .where(eq(session.userId, who.id))
      .orderBy(desc(session.createdAt))
      .limit(1);
    expect(s.ipAddress).toBe(ip);
  });

  it("locks an account's password sign-in from an address after 5 failures in 15 minutes, even with the right password", async () => {
    const who = await join();
    // Issue 28: per account and address together; the same address throughout.
    const attempt = (password: string, _i: number) =>
      callRoute(
        signInAction as never,
        makeRequest("/sign-in", {
          form: { email: who.email, password },
          headers: { "x-vpm-client-address": "10.6.0.1" },
        }),
      );
    for (let i = 0; i < 5; i++) expect((await attempt("wrong-one", i)).status).toBe(401);
    const locked = await attempt("secret12", 9);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed sign-in attempts.*locked for 15 minutes/);
    const last = await db
      .select()
      .from(loginActivity)
      .where(eq(loginActivity.email, who.email))
      .orderBy(desc(loginActivity.id))
      .limit(1);
    expect(last[0]).toMatchObject({ success: false, reason: "rate-limited" });
    // The same lock holds for a direct call to better-auth's endpoint.
    const direct = await services.auth.api
      .signInEmail({
        body: { email: who.email, password: "secret12" },
        headers: new Headers({ "x-vpm-client-address": "10.6.0.1" }),
      })
      .catch((e) => e);
    expect(direct.statusCode).toBe(429);
    // From another address the owner signs in.
    const elsewhere = await services.auth.api.signInEmail({
      body: { email: who.email, password: "secret12" },
      headers: new Headers({ "x-vpm-client-address": "10.6.1.1" }),
    });
    expect(elsewhere.user.email).toBe(who.email);
    // Other accounts are not affected.
    await sessionCookieFor(services, "buyer2@example.com");
  });

  it("slows an address down after 10 failures instead of locking it, whichever accounts they name", async () => {
    const ip = "10.7.0.1";
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let i = 0; i < 10; i++) {
      const r = await callRoute(
        signInAction as never,
        makeRequest("/sign-in", {
          form: { email: `ghost-${i}@example.org`, password: "whatever" },
          headers: { "x-vpm-client-address": ip },
        }),
      );
      expect(r.status).toBe(401);
    }
    // The 11th failure is checked, and makes the address wait a second before its next attempt.
    const eleventh = await callRoute(
      signInAction as never,
      makeRequest("/sign-in", {
        form: { email: "ghost-10@example.org", password: "whatever" },
        headers: { "x-vpm-client-address": ip },
      }),
    );
    expect(eleventh.status).toBe(401);
    const waiting = await callRoute(
      signInAction as never,
      makeRequest("/sign-in", {
        form: { email: "buyer@example.com", password: "demopass" },
        headers: { "x-vpm-client-address": ip },
      }),
    );
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("retry-after")).toBe("1");
    expect(waiting.body.error).toMatch(/from your network\. Please wait 1 second and try again/);
    vi.setSystemTime(Date.now() + 1000);
    const after = await callRoute(
      signInAction as never,
      makeRequest("/sign-in", {
        form: { email: "buyer@example.com", password: "demopass" },
        headers: { "x-vpm-client-address": ip },
      }),
    );
    expect(after.status).toBe(303);
    const elsewhere = await callRoute(
      signInAction as never,
      makeRequest("/sign-in", {
        form: { email: "buyer@example.com", password: "demopass" },
        headers: { "x-vpm-client-address": "10.7.0.2" },
      }),
    );
    expect(elsewhere.status).toBe(303);
  });

  it("sets session cookies HttpOnly and SameSite=Lax, and Secure when the public URL is https", async () => {
    const res = await services.auth.api.signInEmail({
      body: { email: "buyer@example.com", password: "demopass" },
      headers: new Headers({ origin: "http://localhost:3000" }),
      asResponse: true,
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token=")) ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);

    const { createAuth } = await import("~/auth/auth.server");
    const https = createAuth({
      db,
      config: { ...services.config, authUrl: "https://points.example.com" },
      mailer: services.mailer,
      siteName: async () => "Test",
    });
    const secure = await https.api.signInEmail({
      body: { email: "buyer@example.com", password: "demopass" },
      headers: new Headers({ origin: "https://points.example.com" }),
      asResponse: true,
    });
    const secureCookie = secure.headers.getSetCookie().find((c) => c.includes("session_token=")) ?? "";
    expect(secureCookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(secureCookie).toMatch(/;\s*Secure/i);
    expect(secureCookie).toMatch(/HttpOnly/i);
    expect(secureCookie).toMatch(/SameSite=Lax/i);
  });

  it("closes better-auth's own endpoints that would bypass these checks", async () => {
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/auth/request-password-reset",
      "/api/auth/two-factor/verify-totp",
      "/api/auth/admin/set-role",
      "/api/auth/verify-password",
    ]) {
      const res = await services.auth.handler(
        new Request(`http://localhost:3000${path}`, {
          method: "POST",
          headers: { origin: "http://localhost:3000", "content-type": "application/json" },
          body: JSON.stringify({ email: "x@example.org", password: "secret12", name: "X", code: "123456" }),
        }),
      );
      expect(res.status, path).toBe(404);
    }
  });
});
