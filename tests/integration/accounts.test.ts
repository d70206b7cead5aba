import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user, userSettings } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { signIn, signUp } from "~/modules/accounts/accounts.server";
import { action as signInAction } from "~/routes/account/sign-in";
import { action as signUpAction } from "~/routes/account/sign-up-new";
import { loader as dashboardLoader } from "~/routes/account/dashboard";
import { action as logoutAction } from "~/routes/account/logout";
import { action as leaveAction } from "~/routes/admin/impersonate-leave";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const headers = () => new Headers({ origin: "http://localhost:3000" });

describe("sign-up", () => {
  it("creates a seller with settings and a public id, and signs them in", async () => {
    const res = await callRoute(
      signUpAction as never,
      makeRequest("/sign-up/new", {
        form: { name: "Nora New", email: "Nora@Example.org", password: "secret1", role: "seller" },
      }),
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe("/register/action/verify-email-message");
    expect(res.headers.get("set-cookie")).toContain("better-auth.session_token=");
    expect(res.headers.get("set-cookie")).toContain("vpm_flash=");
    const [row] = await services.db.select().from(user).where(eq(user.email, "nora@example.org"));
    expect(row.role).toBe("seller");
    expect(row.userUniqid).toMatch(/^[0-9a-f]{12}$/);
    const [settingsRow] = await services.db.select().from(userSettings).where(eq(userSettings.userId, row.id));
    expect(settingsRow.autoSendEmail).toBe(true);
  });

  it("refuses a taken email with 'Email already exists' and writes nothing", async () => {
    const before = await services.db.select().from(user);
    const res = await callRoute(
      signUpAction as never,
      makeRequest("/sign-up/new", {
        form: { name: "Copy Cat", email: "buyer@example.com", password: "secret1", role: "buyer" },
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.fields.email).toEqual(["Email already exists"]);
    expect((await services.db.select().from(user)).length).toBe(before.length);
  });

  it("answers 400 with the SPEC messages for a bad email and a short password", async () => {
    const res = await callRoute(
      signUpAction as never,
      makeRequest("/sign-up/new", { form: { name: "X Y", email: "not-an-email", password: "123", role: "buyer" } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.email).toEqual(["Email address is invalid, enter correct email."]);
    expect(res.body.fields.password).toEqual(["Password should be at least 6 characters."]);
    // What was typed comes back to the page, never the password.
    expect(res.body.values).toEqual({ name: "X Y", email: "not-an-email", role: "buyer" });
  });

  it("refuses a role other than buyer or seller", async () => {
    const err = await signUp(services, {
      input: { name: "Eve", email: "eve@example.org", password: "secret1", role: "admin" as never },
      headers: headers(),
      ip: "1.2.3.4",
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect(await services.db.select().from(user).where(eq(user.email, "eve@example.org"))).toEqual([]);
    const res = await callRoute(
      signUpAction as never,
      makeRequest("/sign-up/new", {
        form: { name: "Eve Two", email: "eve2@example.org", password: "secret1", role: "admin" },
      }),
    );
    expect(res.status).toBe(400);
  });
});

describe("sign-in and landing", () => {
  it("signs in with the demo password and rejects a wrong one without saying which part was wrong", async () => {
    const ok = await signIn(services, {
      input: { email: "seller@example.com", password: "demopass" },
      headers: headers(),
    });
    expect(ok.headers.get("set-cookie")).toContain("better-auth.session_token=");
    const err = await signIn(services, {
      input: { email: "seller@example.com", password: "wrong-password" },
      headers: headers(),
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(401);
    expect((err as AppError).message).toBe("That email and password do not match an account.");
  });

  it("sends each role to its landing page", async () => {
    const expected: Record<string, string> = {
      "admin@example.com": "/admin/offer-dashboard",
      "writer@example.com": "/admin/posts",
      "senior.writer@example.com": "/admin/posts",
      "seller@example.com": "/v2/profile",
      "buyer@example.com": "/v2/profile",
    };
    for (const [email, path] of Object.entries(expected)) {
      const cookie = await sessionCookieFor(services, email);
      const res = await callRoute(dashboardLoader as never, makeRequest("/dashboard", { cookie }));
      expect(res.location, email).toBe(path);
    }
  });

  it("sends an anonymous visitor to sign in, keeping where they were going", async () => {
    const res = await callRoute(dashboardLoader as never, makeRequest("/dashboard"));
    expect(res.location).toBe("/sign-in?redirectTo=%2Fdashboard");
  });

  it("follows only same-site redirectTo paths after sign-in", async () => {
    const evil = await callRoute(
      signInAction as never,
      makeRequest("/sign-in", {
        form: { email: "buyer@example.com", password: "demopass", redirectTo: "//evil.example" },
      }),
    );
    expect(evil.location).toBe("/dashboard");
    const good = await callRoute(
      signInAction as never,
      makeRequest("/sign-in", { form: { email: "buyer@example.com", password: "demopass", redirectTo: "/resorts" } }),
    );
    expect(good.location).toBe("/resorts");
  });

  it("logs out: the session no longer exists", async () => {
    const cookie = await sessionCookieFor(services, "buyer2@example.com");
    const before = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(before?.user.email).toBe("buyer2@example.com");
    const res = await callRoute(logoutAction as never, makeRequest("/logout", { method: "POST", cookie }));
    expect(res.status).toBe(302);
    const after = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(after).toBeNull();
  });
});

describe("leaving an impersonation", () => {
  it("restores the administrator's own session and goes back to the admin area", async () => {
    const adminCookie = await sessionCookieFor(services, "admin@example.com");
    const [buyer] = await services.db.select().from(user).where(eq(user.email, "buyer@example.com"));
    const started = await services.auth.api.impersonateUser({
      body: { userId: buyer.id },
      headers: new Headers({ cookie: adminCookie, origin: "http://localhost:3000" }),
      asResponse: true,
    });
    expect(started.ok).toBe(true);
    const impersonatingCookie = applySetCookies(adminCookie, started.headers.getSetCookie());
    const during = await services.auth.api.getSession({ headers: new Headers({ cookie: impersonatingCookie }) });
    expect(during?.user.email).toBe("buyer@example.com");

    const res = await callRoute(
      leaveAction as never,
      makeRequest("/admin/users/impersonate-leave", { method: "POST", cookie: impersonatingCookie }),
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/offer-dashboard");
    const restored = applySetCookies(impersonatingCookie, res.headers.getSetCookie());
    const after = await services.auth.api.getSession({ headers: new Headers({ cookie: restored }) });
    expect(after?.user.email).toBe("admin@example.com");
  });

  it("sends someone who is not impersonating to their own landing page", async () => {
    const cookie = await sessionCookieFor(services, "seller@example.com");
    const res = await callRoute(
      leaveAction as never,
      makeRequest("/admin/users/impersonate-leave", { method: "POST", cookie }),
    );
    expect(res.location).toBe("/dashboard");
  });
});
