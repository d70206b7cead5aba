/**
 * Decision 0115: the signed-in session is read with one prepared statement and an HMAC of Node's own; better-auth
 * answers only where it writes (an expired session it deletes, one due to be extended). Each case here is compared
 * with what better-auth's own `getSession` says of the same cookie.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { selectSessionWithUser } from "~/auth/auth.queries.server";
import { readSession, type SessionCookieRules } from "~/auth/session-read.server";
import { getViewer } from "~/auth/session.server";
import { session, user } from "~/db/schema";
import { appBuild, handlerFor } from "../fixtures/router-harness";
import { makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const { auth, db } = services;
const ctx = await auth.$context;
const rules: SessionCookieRules = {
  secret: ctx.secret,
  sessionTokenCookie: ctx.authCookies.sessionToken.name,
  dontRememberCookie: ctx.authCookies.dontRememberToken.name,
  expiresInSeconds: ctx.sessionConfig.expiresIn,
  updateAgeSeconds: ctx.sessionConfig.updateAge,
};
const DAY = 24 * 60 * 60 * 1000;

const find = (token: string) => selectSessionWithUser(db, token);
const read = (cookie: string) => readSession(new Headers({ cookie }), rules, find);
const betterAuthSays = (cookie: string) => auth.api.getSession({ headers: new Headers({ cookie }) });
const viewerOf = (cookie: string) => getViewer(makeRequest("/v2/profile", { cookie }));
const tokenOf = (cookie: string) => {
  const raw = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] ?? "");
  return raw.slice(0, raw.lastIndexOf("."));
};
const signed = (value: string) =>
  encodeURIComponent(`${value}.${createHmac("sha256", rules.secret).update(value).digest("base64")}`);
const sessionRow = async (cookie: string) =>
  (
    await db
      .select()
      .from(session)
      .where(eq(session.token, tokenOf(cookie)))
  )[0];

describe("reading the signed-in session (decision 0115)", () => {
  it("a fresh sign-in: the same person and session better-auth finds, and the same viewer", async () => {
    const cookie = await sessionCookieFor(services, "buyer@example.com");
    const row = await read(cookie);
    const theirs = await betterAuthSays(cookie);
    expect(row).toBeTruthy();
    expect(theirs).toBeTruthy();
    expect(row).toMatchObject({
      sessionId: theirs?.session.id,
      userId: theirs?.user.id,
      email: "buyer@example.com",
      name: theirs?.user.name,
      role: "buyer",
      impersonatedBy: null,
      emailVerified: theirs?.user.emailVerified,
      userUniqid: (theirs?.user as { userUniqid?: string } | undefined)?.userUniqid,
    });
    expect(row?.expiresAt.getTime()).toBe(new Date(theirs?.session.expiresAt ?? 0).getTime());
    const viewer = await viewerOf(cookie);
    expect(viewer).toMatchObject({ id: theirs?.user.id, email: "buyer@example.com", role: "buyer" });
  });

  it("no cookie, a forged signature, a token no session has: no one, as better-auth says", async () => {
    const cookie = await sessionCookieFor(services, "seller@example.com");
    const token = tokenOf(cookie);
    const forged = `${rules.sessionTokenCookie}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    const unknown = `${rules.sessionTokenCookie}=${signed("no-such-session-token")}`;
    const unsigned = `${rules.sessionTokenCookie}=${token}`;
    for (const c of ["", "theme=dark", forged, unknown, unsigned]) {
      expect(await read(c)).toBeNull();
      expect(await betterAuthSays(c)).toBeNull();
      expect(await viewerOf(c)).toBeNull();
    }
  });

  it("an expired session is better-auth's to answer: no one, and the session is deleted", async () => {
    const cookie = await sessionCookieFor(services, "seller2@example.com");
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.token, tokenOf(cookie)));
    expect(await read(cookie)).toBeUndefined();
    expect(await viewerOf(cookie)).toBeNull();
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it("a session due to be extended is better-auth's: the viewer, and the session runs 30 days from now", async () => {
    const cookie = await sessionCookieFor(services, "buyer2@example.com");
    // Opened 2 days ago: past the one-day update age.
    const expiresAt = new Date(Date.now() + rules.expiresInSeconds * 1000 - 2 * DAY);
    await db
      .update(session)
      .set({ expiresAt })
      .where(eq(session.token, tokenOf(cookie)));
    expect(await read(cookie)).toBeUndefined();
    expect((await viewerOf(cookie))?.email).toBe("buyer2@example.com");
    const extended = (await sessionRow(cookie)).expiresAt.getTime();
    expect(extended).toBeGreaterThan(expiresAt.getTime() + DAY);
    // Extended, it is the plain case again.
    expect((await read(cookie))?.email).toBe("buyer2@example.com");
  });

  it("an extended session's new cookie goes out with the page, for 30 days from now; a plain read sends none", async () => {
    const handle = handlerFor(await appBuild(["listings"]));
    const cookie = await sessionCookieFor(services, "seller@example.com");
    const plain = await handle(makeRequest("/listings", { cookie }));
    expect(plain.status).toBe(200);
    expect(plain.headers.getSetCookie().filter((c) => c.includes("session_token"))).toEqual([]);

    for (const path of ["/listings", "/listings.data"]) {
      // Opened 2 days ago: due to be extended.
      await db
        .update(session)
        .set({ expiresAt: new Date(Date.now() + rules.expiresInSeconds * 1000 - 2 * DAY) })
        .where(eq(session.token, tokenOf(cookie)));
      const res = await handle(makeRequest(path, { cookie }));
      expect(res.status, path).toBe(200);
      const sent = res.headers.getSetCookie().find((c) => c.startsWith(`${rules.sessionTokenCookie}=`));
      expect(sent, path).toBeTruthy();
      expect(sent, path).toContain(`Max-Age=${rules.expiresInSeconds}`);
      expect(sent, path).toContain("HttpOnly");
      // The same session, signed as before: the browser keeps it 30 days more.
      expect(decodeURIComponent(sent?.split(";")[0].split("=").slice(1).join("=") ?? "")).toBe(
        decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] ?? ""),
      );
    }
  });

  it("'remember me' off: a one-day session is never extended, read here as better-auth reads it", async () => {
    const res = await auth.api.signInEmail({
      body: { email: "admin@example.com", password: "demopass", rememberMe: false },
      headers: new Headers({ origin: "http://localhost:3000" }),
      asResponse: true,
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain(rules.dontRememberCookie);
    const before = (await sessionRow(cookie)).expiresAt.getTime();
    expect((await read(cookie))?.email).toBe("admin@example.com");
    expect((await viewerOf(cookie))?.role).toBe("admin");
    expect((await sessionRow(cookie)).expiresAt.getTime()).toBe(before);
    // Without its don't-remember cookie the same session is due (it ends in a day), so better-auth answers.
    const tokenOnly = cookie
      .split("; ")
      .filter((c) => !c.startsWith(rules.dontRememberCookie))
      .join("; ");
    expect(await read(tokenOnly)).toBeUndefined();
  });

  it("a person's changes show on their next request (nothing is kept between requests)", async () => {
    const cookie = await sessionCookieFor(services, "writer@example.com");
    const before = await read(cookie);
    await db.update(user).set({ name: "Renamed Writer" }).where(eq(user.email, "writer@example.com"));
    expect((await read(cookie))?.name).toBe("Renamed Writer");
    expect(before?.name).not.toBe("Renamed Writer");
    await db.delete(session).where(eq(session.token, tokenOf(cookie)));
    expect(await read(cookie)).toBeNull();
  });
});
