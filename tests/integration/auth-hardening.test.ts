import { and, asc, eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  account,
  activityJournal,
  agreementSignatures,
  loginActivity,
  mailOutbox,
  rateLimitCounters,
  session,
  twoFactor,
  user,
} from "~/db/schema";
import { sendAgreementForSignature } from "~/modules/agreements/agreements.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { action as resetAction } from "~/routes/account/reset-password";
import { action as signInAction } from "~/routes/account/sign-in";
import { action as twoFactorAction } from "~/routes/account/two-factor";
import { action as authAction, loader as authLoader } from "~/routes/api/auth";
import { action as signAgreementAction } from "~/routes/profile/agreement-sign";
import { action as profileAction } from "~/routes/profile/profile";
import { action as securityAction, loader as securityLoader } from "~/routes/profile/security";
import { action as favoritesAction } from "~/routes/public/favorites";
import { buildListing, buildOffer, buildUser, FACTORY_PASSWORD, viewerOf, giveAddress } from "../factories";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { totpCode } from "../fixtures/totp";

/**
 * Issue 12's account-security findings 1, 2, 3, 4, 8 and 10: atomic attempt counting, one safe redirect, the
 * allow-list of better-auth's HTTP endpoints, the closed password oracle, counted reset-link guesses and the
 * progressive per-address delay.
 */
const services = await startTestServices();
const { db } = services;
const ORIGIN = "http://localhost:3000";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

let n = 0;
const nextIp = () => `10.12.${Math.floor(++n / 250)}.${n % 250}`;

/** A signed-in person made by the factory (password FACTORY_PASSWORD). */
async function person(role: "buyer" | "seller" | "admin" = "buyer") {
  const row = await buildUser(db, { role, staffRole: role === "admin" ? "admin" : null });
  const cookie = await sessionCookieFor(services, row.email, FACTORY_PASSWORD);
  return { ...row, cookie };
}

const signIn = (email: string, password: string, ip: string, redirectTo?: string) =>
  callRoute(
    signInAction as never,
    makeRequest("/sign-in", {
      form: { email, password, ...(redirectTo === undefined ? {} : { redirectTo }) },
      headers: { "x-vpm-client-address": ip },
    }),
  );

/** Turns two-factor authentication on through the security page; returns the authenticator's URI. */
async function withTwoFactor(who: { cookie: string }) {
  const post = (form: Record<string, string>) =>
    callRoute(
      securityAction as never,
      makeRequest("/profile/security", { cookie: who.cookie, form, headers: { "x-vpm-client-address": nextIp() } }),
    );
  expect((await post({ intent: "enable-2fa", password: FACTORY_PASSWORD })).status).toBe(303);
  const page = await callRoute(securityLoader as never, makeRequest("/profile/security", { cookie: who.cookie }));
  const uri: string = page.body.twoFactor.setup.uri;
  const confirmed = await post({ intent: "confirm-2fa", code: totpCode(uri) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return uri;
}

/** A password sign-in of a two-factor account: the cookie that waits for the code. */
async function pendingTwoFactor(email: string, ip = nextIp()) {
  const first = await signIn(email, FACTORY_PASSWORD, ip);
  expect(first.status).toBe(303);
  expect(first.location).toMatch(/^\/two-factor/);
  return applySetCookies("", first.headers.getSetCookie());
}

/** Counts better-auth's real password comparisons from now on. */
async function spyPasswordChecks() {
  const ctx = await services.auth.$context;
  return vi.spyOn(ctx.password, "verify");
}

const statuses = (rs: { status: number }[]) => rs.map((r) => r.status);
const count = (xs: number[], x: number) => xs.filter((s) => s === x).length;

describe("finding 1: attempts are counted atomically before the check", () => {
  it("makes at most 5 real password checks for 40 concurrent wrong sign-ins on one account; the rest are 429", async () => {
    const who = await buildUser(db);
    const checks = await spyPasswordChecks();
    // From one address (issue 28: the lock is per account and address together).
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => signIn(who.email, "wrong-password", ip)));
    const got = statuses(answers);
    expect(checks.mock.calls.length).toBeLessThanOrEqual(5);
    expect(count(got, 401)).toBe(checks.mock.calls.length);
    expect(count(got, 429)).toBe(40 - checks.mock.calls.length);
    // Locked: the right password is refused without a check.
    checks.mockClear();
    expect((await signIn(who.email, FACTORY_PASSWORD, ip)).status).toBe(429);
    expect(checks).not.toHaveBeenCalled();
  });

  it("makes at most 5 real checks of two-factor codes for 40 concurrent wrong codes; the rest are 429", async () => {
    const who = await person();
    await withTwoFactor(who);
    // Ten sign-ins waiting for their code (better-auth allows one code check at a time on each).
    const pending: string[] = [];
    for (let i = 0; i < 10; i++) pending.push(await pendingTwoFactor(who.email));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        callRoute(
          twoFactorAction as never,
          makeRequest("/two-factor", {
            cookie: pending[i % pending.length],
            form: { code: "000000" },
            headers: { "x-vpm-client-address": nextIp() },
          }),
        ),
      ),
    );
    const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, who.id));
    const realChecks = row.failedVerificationCount ?? 0;
    expect(realChecks).toBeGreaterThan(0);
    expect(realChecks).toBeLessThanOrEqual(5);
    expect(count(statuses(answers), 429)).toBeGreaterThanOrEqual(35);
  });

  it("makes at most 5 real checks of the password that signs an agreement for 40 concurrent wrong ones", async () => {
    const seller = await buildUser(db, { role: "seller" });
    const buyer = await buildUser(db);
    const admin = await buildUser(db, { role: "admin", staffRole: "admin" });
    const listing = await buildListing(db, { seller, points: 150, pricePerPointCents: 14000 });
    const offer = await buildOffer(db, { listing, buyer, pricePerPointCents: 14000 });
    const { agreementId } = await acceptOffer(services, { actor: viewerOf(seller), input: { offerId: offer.id } });
    await giveAddress(db, seller.id);
    await giveAddress(db, buyer.id);
    await sendAgreementForSignature(services, { actor: viewerOf(admin), input: { agreementId } });
    const cookie = await sessionCookieFor(services, buyer.email, FACTORY_PASSWORD);
    const form = (password: string) => ({
      legalName: buyer.name,
      method: "typed",
      initials1: "PT",
      initials2: "PT",
      initials3: "PT",
      initials4: "PT",
      password,
    });
    const sign = (password: string) =>
      callRoute(
        signAgreementAction as never,
        makeRequest(`/v2/profile/agreements/${agreementId}/sign`, { cookie, form: form(password) }),
        { agreementId: String(agreementId) },
      );
    const checks = await spyPasswordChecks();
    const answers = await Promise.all(Array.from({ length: 40 }, () => sign("not-my-password")));
    const got = statuses(answers);
    expect(checks.mock.calls.length).toBeLessThanOrEqual(5);
    expect(count(got, 400)).toBe(checks.mock.calls.length);
    expect(count(got, 429)).toBe(40 - checks.mock.calls.length);
    checks.mockClear();
    expect((await sign(FACTORY_PASSWORD)).status).toBe(429);
    expect(checks).not.toHaveBeenCalled();
    expect(await db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId))).toEqual(
      [],
    );
  });

  it("does not count right passwords: a person who confirms often is never locked", async () => {
    const who = await person();
    for (let i = 0; i < 8; i++) {
      const r = await callRoute(
        securityAction as never,
        makeRequest("/profile/security", {
          cookie: who.cookie,
          form: { intent: "enable-2fa", password: FACTORY_PASSWORD },
        }),
      );
      expect(r.status, `confirmation ${i + 1}`).toBe(303);
      await callRoute(
        securityAction as never,
        makeRequest("/profile/security", { cookie: who.cookie, form: { intent: "cancel-2fa" } }),
      );
    }
    for (let i = 0; i < 8; i++) expect((await signIn(who.email, FACTORY_PASSWORD, "10.12.200.1")).status).toBe(303);
  });
});

/** Where a browser ends up after following this Location (it drops tabs and newlines, as browsers do). */
function browserDestination(location: string | null) {
  const seen = (location ?? "").replace(/[\t\n\r]/g, "");
  return new URL(seen, `${ORIGIN}/sign-in`);
}

const HOSTILE = [
  "//evil.example",
  "/\\evil.example",
  "/%09/evil.example",
  "/%2F%2Fevil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/\n/evil.example",
  "/\t/evil.example",
  "/./\\evil.example",
  "/.//evil.example",
  "\\\\evil.example",
  " //evil.example",
];
/** Each value as posted by the form (the page copies `?redirectTo=` into it) and as typed. */
const hostileValues = [
  ...new Set(HOSTILE.flatMap((v) => [v, new URLSearchParams(`redirectTo=${v}`).get("redirectTo") ?? v])),
];

describe("finding 2: redirects after sign-in stay on this site", () => {
  it("sends every hostile redirectTo of /sign-in to a same-site path", async () => {
    const who = await buildUser(db);
    for (const value of hostileValues) {
      const r = await signIn(who.email, FACTORY_PASSWORD, nextIp(), value);
      expect(r.status, JSON.stringify(value)).toBe(303);
      const to = browserDestination(r.location);
      expect(to.origin, JSON.stringify(value)).toBe(ORIGIN);
      expect(r.location, JSON.stringify(value)).toBe("/dashboard");
    }
    // A same-site path is followed.
    expect((await signIn(who.email, FACTORY_PASSWORD, nextIp(), "/resorts?x=1")).location).toBe("/resorts?x=1");
  });

  it("sends every hostile redirectTo of /two-factor to a same-site path", async () => {
    const who = await person();
    const uri = await withTwoFactor(who);
    for (const value of hostileValues) {
      // Each sign-in here reuses the current code, which works once (issue 28): forget that it was used.
      await db.delete(rateLimitCounters).where(like(rateLimitCounters.key, "totp-used:%"));
      const first = await signIn(who.email, FACTORY_PASSWORD, nextIp(), value);
      expect(browserDestination(first.location).origin, JSON.stringify(value)).toBe(ORIGIN);
      expect(first.location).toBe("/two-factor");
      const pending = applySetCookies("", first.headers.getSetCookie());
      const r = await callRoute(
        twoFactorAction as never,
        makeRequest("/two-factor", {
          cookie: pending,
          form: { code: totpCode(uri), redirectTo: value },
          headers: { "x-vpm-client-address": nextIp() },
        }),
      );
      expect(r.status, JSON.stringify(value)).toBe(303);
      expect(browserDestination(r.location).origin, JSON.stringify(value)).toBe(ORIGIN);
      expect(r.location, JSON.stringify(value)).toBe("/dashboard");
    }
  });

  it("sends a hostile redirectTo of the favorites form back to a same-site answer", async () => {
    const seller = await buildUser(db, { role: "seller" });
    const listing = await buildListing(db, { seller });
    for (const value of hostileValues) {
      const r = await callRoute(
        favoritesAction as never,
        makeRequest("/favorites", { form: { intent: "toggle", listingId: String(listing.id), redirectTo: value } }),
      );
      expect(r.status, JSON.stringify(value)).toBeLessThan(500);
      if (r.location) expect(browserDestination(r.location).origin, JSON.stringify(value)).toBe(ORIGIN);
    }
  });
});

const authCall = (path: string, init: { cookie?: string; json?: unknown; method?: string; ip?: string } = {}) => {
  const request = makeRequest(`/api/auth${path}`, {
    cookie: init.cookie,
    json: init.json,
    method: init.method,
    headers: { "x-vpm-client-address": init.ip ?? nextIp() },
  });
  return request.method === "GET" ? callRoute(authLoader as never, request) : callRoute(authAction as never, request);
};

describe("finding 3: only the better-auth endpoints the product uses answer over HTTP", () => {
  it("answers 404 to an administrator's calls of the admin plugin's endpoints and changes nothing", async () => {
    const admin = await person("admin");
    const target = await buildUser(db);
    const before = {
      user: (await db.select().from(user).where(eq(user.id, target.id)))[0],
      account: (await db.select().from(account).where(eq(account.userId, target.id)))[0],
    };
    const calls: [string, Record<string, unknown>][] = [
      ["/admin/set-role", { userId: target.id, role: "admin" }],
      ["/admin/impersonate-user", { userId: target.id }],
      ["/admin/set-user-password", { userId: target.id, newPassword: "taken-over-1" }],
      ["/admin/ban-user", { userId: target.id, banReason: "no reason" }],
      ["/admin/remove-user", { userId: target.id }],
      ["/admin/create-user", { email: "made-by-http@example.org", password: "secret12", name: "Made", role: "admin" }],
      ["/admin/revoke-user-sessions", { userId: target.id }],
      ["/admin/list-users", {}],
      ["/update-user", { name: "Renamed" }],
      ["/change-password", { currentPassword: FACTORY_PASSWORD, newPassword: "another-1" }],
      ["/two-factor/verify-totp", { code: "123456" }],
    ];
    for (const [path, json] of calls) {
      const r = await authCall(path, { cookie: admin.cookie, json });
      expect(r.status, path).toBe(404);
    }
    for (const path of ["/admin/list-users", "/list-sessions", "/admin/set-role/", "/ok"]) {
      expect((await authCall(path, { cookie: admin.cookie, method: "GET" })).status, path).toBe(404);
    }
    const after = {
      user: (await db.select().from(user).where(eq(user.id, target.id)))[0],
      account: (await db.select().from(account).where(eq(account.userId, target.id)))[0],
    };
    expect(after).toEqual(before);
    expect(await db.select().from(session).where(eq(session.userId, target.id))).toEqual([]);
    expect(await db.select().from(user).where(eq(user.email, "made-by-http@example.org"))).toEqual([]);
    const [adminRow] = await db.select().from(user).where(eq(user.id, admin.id));
    expect(adminRow.name).toBe(admin.name);
  });

  it("keeps sign-in, the session and sign-out working", async () => {
    const who = await buildUser(db);
    const signedIn = await authCall("/sign-in/email", { json: { email: who.email, password: FACTORY_PASSWORD } });
    expect(signedIn.status).toBe(200);
    const cookie = applySetCookies("", signedIn.headers.getSetCookie());
    expect(cookie).toContain("session_token");
    const current = await authCall("/get-session", { cookie, method: "GET" });
    expect(current.status).toBe(200);
    expect(current.body.user.email).toBe(who.email);
    // Issue 28: the session answer names the session but never carries its token (the cookie's secret).
    expect(current.body.session.userId).toBe(who.id);
    expect(current.body.session).not.toHaveProperty("token");
    const [stored] = await db.select().from(session).where(eq(session.userId, who.id));
    expect(JSON.stringify(current.body)).not.toContain(stored.token);
    const out = await authCall("/sign-out", { cookie, json: {} });
    expect(out.status).toBe(200);
    expect(await db.select().from(session).where(eq(session.userId, who.id))).toEqual([]);
    // The limits still hold on the open sign-in endpoint (per account and address, issue 28).
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await authCall("/sign-in/email", { json: { email: who.email, password: "wrong-one" }, ip })).status).toBe(
        401,
      );
    }
    expect(
      (await authCall("/sign-in/email", { json: { email: who.email, password: FACTORY_PASSWORD }, ip })).status,
    ).toBe(429);
    expect((await authCall("/sign-in/email", { json: { email: who.email, password: FACTORY_PASSWORD } })).status).toBe(
      200,
    );
  });
});

describe("finding 4: no password oracle over HTTP", () => {
  it("answers 404 to /api/auth/verify-password, however often, and checks no password", async () => {
    const who = await person();
    const checks = await spyPasswordChecks();
    for (let i = 0; i < 10; i++) {
      const r = await authCall("/verify-password", { cookie: who.cookie, json: { password: `guess-${i}` } });
      expect(r.status).toBe(404);
    }
    expect(checks).not.toHaveBeenCalled();
  });
});

describe("the profile's password change is no password oracle either", () => {
  it("makes at most 5 real checks for 40 concurrent wrong current passwords; the rest are 429 and nothing changes", async () => {
    const who = await person();
    const checks = await spyPasswordChecks();
    const change = (currentPassword: string) =>
      callRoute(
        profileAction as never,
        makeRequest("/profile", {
          cookie: who.cookie,
          form: { intent: "password", currentPassword, newPassword: "brandnew1", confirmPassword: "brandnew1" },
        }),
      );
    const got = statuses(await Promise.all(Array.from({ length: 40 }, (_, i) => change(`guess-${i}`))));
    expect(checks.mock.calls.length).toBeLessThanOrEqual(5);
    expect(count(got, 400)).toBe(checks.mock.calls.length);
    expect(count(got, 429)).toBe(40 - checks.mock.calls.length);
    // Past the limit even the right password is refused unchecked, and the password is still the old one.
    checks.mockClear();
    expect((await change(FACTORY_PASSWORD)).status).toBe(429);
    expect(checks).not.toHaveBeenCalled();
  });
});

describe("finding 8: reset-link guesses through the form are counted", () => {
  const reset = (token: string, ip: string) =>
    callRoute(
      resetAction as never,
      makeRequest("/reset-password", {
        form: { token, password: "newpass12", confirmPassword: "newpass12" },
        headers: { "x-vpm-client-address": ip },
      }),
    );

  it("refuses a 21st guess from one address within 15 minutes with a clear 429", async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      const r = await reset(`guessed-token-${i}-${"x".repeat(20)}`, ip);
      expect(r.status, `guess ${i + 1}`).toBe(400);
    }
    const refused = await reset(`guessed-token-21-${"x".repeat(20)}`, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Too many password-reset attempts.*Try again in \d+ minutes?/);
  });

  it("refuses the same token after 5 tries, from whichever addresses", async () => {
    const token = `one-guessed-token-${"y".repeat(20)}`;
    for (let i = 0; i < 5; i++) expect((await reset(token, nextIp())).status, `try ${i + 1}`).toBe(400);
    const refused = await reset(token, nextIp());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Too many password-reset attempts/);
  });
});

describe("finding 10: a progressive delay per address instead of a hard lock", () => {
  it("lets a correct sign-in through from an address after 20 failures on other accounts, once the delay has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ip = nextIp();
    const who = await buildUser(db);
    let failures = 0;
    let waits = 0;
    while (failures < 20) {
      const r = await signIn(`nobody-${failures}@example.org`, "whatever-1", ip);
      if (r.status === 429) {
        // Waiting: the answer says how long, and nothing was checked.
        const seconds = Number(r.headers.get("retry-after"));
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(60);
        expect(r.body.error).toMatch(/Please wait \d+ seconds?/);
        vi.setSystemTime(Date.now() + seconds * 1000);
        waits++;
        continue;
      }
      expect(r.status).toBe(401);
      failures++;
    }
    // The innocent person behind the same address: at most the capped delay, then in.
    vi.setSystemTime(Date.now() + 61_000);
    const ok = await signIn(who.email, FACTORY_PASSWORD, ip);
    expect(ok.status, JSON.stringify(ok.body)).toBe(303);
    expect(waits).toBeGreaterThan(0);
    // Each refused attempt is in the login activity as rate-limited, never as a wrong password.
    const rows = await db.select().from(loginActivity).where(eq(loginActivity.ipAddress, ip));
    expect(rows.filter((r) => r.reason === "bad-credentials")).toHaveLength(20);
    expect(rows.filter((r) => r.reason === "rate-limited")).toHaveLength(waits);
  });

  it("issue 28: 5 failures lock the account from that address only; the owner signs in from elsewhere", async () => {
    const who = await buildUser(db);
    const attacker = nextIp();
    for (let i = 0; i < 5; i++) expect((await signIn(who.email, "wrong-one", attacker)).status).toBe(401);
    const locked = await signIn(who.email, FACTORY_PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/sign-in from this network is locked for 15 minutes/);
    // The owner, at home: in at once, with the right password.
    const owner = await signIn(who.email, FACTORY_PASSWORD, nextIp());
    expect(owner.status, JSON.stringify(owner.body)).toBe(303);
    // Failures from other addresses each have their own count: 4 from each of 3 addresses lock none of them.
    const other = await buildUser(db);
    for (const ip of [nextIp(), nextIp(), nextIp()]) {
      for (let i = 0; i < 4; i++) expect((await signIn(other.email, "wrong-one", ip)).status).toBe(401);
    }
    expect((await signIn(other.email, FACTORY_PASSWORD, nextIp())).status).toBe(303);
  });

  it("issue 28: the journal records each wrong password; the owner gets one mail a lock window, not one a try", async () => {
    const who = await buildUser(db);
    const mailsToOwner = () => db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email.toLowerCase()));
    const ips = [nextIp(), nextIp()];
    for (const ip of ips) for (let i = 0; i < 5; i++) await signIn(who.email, "wrong-one", ip);
    // Refused attempts past the lock are no new tries.
    await signIn(who.email, "wrong-one", ips[0]);
    const journal = await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.userId, who.id), eq(activityJournal.kind, "auth.sign-in-failed")));
    expect(journal).toHaveLength(10);
    expect(journal[0]).toMatchObject({ category: "security" });
    expect(journal.map((j) => j.ipAddress).sort()).toEqual([...ips, ...ips, ...ips, ...ips, ...ips].sort());
    const mails = (await mailsToOwner()).filter((m) => m.template === "sign-in-attempts");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(ips[0]);
    expect(mails[0].subject).toMatch(/someone tried to sign in to your account/);
  });
});

describe("issue 28: an authenticator code signs in once", () => {
  it("refuses the same code a second time within its window, with a clear message, and twice at once", async () => {
    const who = await person();
    const uri = await withTwoFactor(who);
    const code = totpCode(uri);
    const submit = (pending: string) =>
      callRoute(
        twoFactorAction as never,
        makeRequest("/two-factor", { cookie: pending, form: { code }, headers: { "x-vpm-client-address": nextIp() } }),
      );
    const first = await submit(await pendingTwoFactor(who.email));
    expect(first.status).toBe(303);
    const sessionsAfterFirst = (await db.select().from(session).where(eq(session.userId, who.id))).length;
    const again = await submit(await pendingTwoFactor(who.email));
    expect(again.status).toBe(400);
    expect(again.body.fields.code[0]).toMatch(/already used to sign in\. Wait for the next code/);
    expect(again.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
    expect(await db.select().from(session).where(eq(session.userId, who.id))).toHaveLength(sessionsAfterFirst);
    // In the order written (PostgreSQL returns rows in no set order without one).
    const failed = await db
      .select()
      .from(loginActivity)
      .where(eq(loginActivity.userId, who.id))
      .orderBy(asc(loginActivity.id));
    expect(failed.at(-1)).toMatchObject({ success: false, reason: "two-factor" });

    // Two sign-ins racing with one fresh code: one gets in.
    await db.delete(rateLimitCounters).where(like(rateLimitCounters.key, "totp-used:%"));
    const [a, b] = await Promise.all([pendingTwoFactor(who.email), pendingTwoFactor(who.email)]);
    const raced = await Promise.all([submit(a), submit(b)]);
    expect(raced.map((r) => r.status).sort()).toEqual([303, 400]);
  });
});
