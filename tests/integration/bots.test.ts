import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { MemoryRouter } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ConsentPrompt, SocialHead, SocialPixel } from "~/components/shell/social-tags";
import { botAgentDays, botRules } from "~/db/schema";
import { createBotGate } from "~/modules/bots/bot-gate.server";
import { DEFAULT_BLOCK_MESSAGE } from "~/modules/bots/bots";
import type { Resolver } from "~/modules/bots/crawlers.server";
import type { SocialShell } from "~/modules/social/social";
import { action as fbAction, loader as fbLoader } from "~/routes/admin/fb-settings";
import { action as formAction } from "~/routes/admin/resource/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { action as consentAction } from "~/routes/public/consent";
import { loader as rootLoader } from "~/root";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 33 (decision 0086): the bot rules (made on the engine's form, refused when they would block browsers), the
 * gate that answers a blocked agent 403 before the page handler runs, the user agents counted per day with their
 * crawler check, the screens' permission, and the Facebook settings rendered only when set and the pixel only
 * after consent.
 */
const services = await startTestServices();
const { db } = services;
const admin = await sessionCookieFor(services, "admin@example.com");
const buyer = await sessionCookieFor(services, "buyer@example.com");
const writer = await sessionCookieFor(services, "writer@example.com");

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const createRule = (form: Record<string, string>, cookie = admin) =>
  call(formAction, "/admin/bots/rules/create", "/admin/bots/rules/create", { method: "POST", form, cookie });

// The gate as server.ts mounts it, with a change feed this test moves by hand (as a save in any process does) and a
// resolver that knows one Googlebot address.
let version = 0;
const resolver: Resolver = {
  reverse: async (ip) => {
    if (ip === "192.0.2.50") return ["crawl-192-0-2-50.googlebot.com"];
    throw new Error("ENOTFOUND");
  },
  lookup: async (host) => (host === "crawl-192-0-2-50.googlebot.com" ? ["192.0.2.50"] : []),
};
const gate = createBotGate({
  services: async () => ({ db, changes: { version: () => version } }),
  addressOf: (req) => String(req.headers["x-test-address"] ?? "203.0.113.9"),
  resolver,
  flushEveryMs: 3_600_000,
});
const page = vi.fn((_req: express.Request, res: express.Response) => {
  res.send("the page");
});
const app = express();
app.use((req, res, next) => void gate.middleware(req, res, next));
app.use(page);
const server = app.listen(0, "127.0.0.1");
await new Promise<void>((resolve) => server.once("listening", () => resolve()));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  await gate.stop();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
const get = async (path: string, ua: string | null, address?: string) => {
  const headers: Record<string, string> = {};
  if (ua !== null) headers["user-agent"] = ua;
  if (address) headers["x-test-address"] = address;
  const res = await fetch(`${origin}${path}`, { headers });
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
};
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("bot rules", () => {
  it("are made by an administrator on the engine's form", async () => {
    const res = await createRule({ pattern: "BadBot", action: "block", message: "BadBot: no crawling here." });
    expect(res.status, JSON.stringify(res.body)).toBe(303);
    const [row] = await db.select().from(botRules).where(eq(botRules.pattern, "BadBot"));
    expect(row).toMatchObject({ action: "block", message: "BadBot: no crawling here." });
  });

  it("refuse a block pattern that is empty or matches a common browser, writing nothing", async () => {
    const before = (await db.select().from(botRules)).length;
    const browser = await createRule({ pattern: "Mozilla/5.0", action: "block" });
    expect(browser.status).toBe(422);
    expect(JSON.stringify(browser.body)).toContain("matches the browsers people use");
    const empty = await createRule({ pattern: "   ", action: "block" });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("Enter a part of the user agent to match");
    const star = await createRule({ pattern: "*", action: "block" });
    expect(star.status).toBe(422);
    const badAction = await createRule({ pattern: "Foo", action: "delete" });
    expect(badAction.status).toBe(400);
    expect((await db.select().from(botRules)).length).toBe(before);
    // An allow rule may name browsers: it can only let in.
    expect((await createRule({ pattern: "Googlebot", action: "allow" })).status).toBe(303);
  });

  it("are for administrators only: the screens and the form refuse the others", async () => {
    for (const cookie of [buyer, writer]) {
      const list = await call(listLoader, "/admin/bots", "/admin/bots", { cookie });
      expect(list.status).not.toBe(200);
      const rules = await call(listLoader, "/admin/bots/rules", "/admin/bots/rules", { cookie });
      expect(rules.status).not.toBe(200);
      const made = await createRule({ pattern: "SneakyBot", action: "block" }, cookie);
      expect([302, 303, 403]).toContain(made.status);
      expect(made.location ?? "").not.toContain("/admin/bots");
      const fb = await callRoute(fbLoader as never, makeRequest("/admin/fb-settings", { cookie }));
      expect(fb.status).not.toBe(200);
    }
    expect(await db.select().from(botRules).where(eq(botRules.pattern, "SneakyBot"))).toEqual([]);
    const ok = await call(listLoader, "/admin/bots/rules", "/admin/bots/rules", { cookie: admin });
    expect(ok.status).toBe(200);
  });
});

describe("the gate", () => {
  it("answers a blocked agent 403 with the rule's message before the page handler runs", async () => {
    version++;
    page.mockClear();
    const res = await get("/listings?x=1", "Mozilla/5.0 (compatible; BadBot/2.0)");
    expect(res.status).toBe(403);
    expect(res.text).toBe("BadBot: no crawling here.");
    expect(res.type).toContain("text/plain");
    expect(page).not.toHaveBeenCalled();
    // A browser, an empty user agent, and Googlebot (allowed by its rule) reach the page.
    for (const ua of [CHROME, "", null, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"]) {
      expect((await get("/", ua)).status, String(ua)).toBe(200);
    }
    expect(page).toHaveBeenCalledTimes(4);
  });

  it("reads the rules again when the change feed moves on (a save in any process), with the default message", async () => {
    await db.insert(botRules).values({ pattern: "scraper-*", action: "block", message: "" });
    // Not yet: the rules in memory are those of the version read.
    expect((await get("/", "scraper-3000")).status).toBe(200);
    version++;
    const res = await get("/", "scraper-3000");
    expect(res.status).toBe(403);
    expect(res.text).toBe(DEFAULT_BLOCK_MESSAGE);
    // An allow rule for the same agent wins.
    await db.insert(botRules).values({ pattern: "scraper-3000", action: "allow", message: "" });
    version++;
    expect((await get("/", "scraper-3000")).status).toBe(200);
  });

  it("counts user agents per day in memory and writes them in one batch, files left out; checks claimed crawlers", async () => {
    await gate.flush();
    await db.delete(botAgentDays);
    const ua = "CountingAgent/1.0";
    for (let i = 0; i < 3; i++) await get("/", ua);
    await get("/assets/app.js", ua);
    await get("/favicon.ico", ua);
    await get("/", "Mozilla/5.0 (compatible; Googlebot/2.1)", "192.0.2.50");
    await get("/", "Mozilla/5.0 (compatible; Googlebot/2.1)", "192.0.2.50");
    await get("/", "Mozilla/5.0 (compatible; bingbot/2.0)", "198.51.100.7");
    await get("/", "Mozilla/5.0 (compatible; BadBot/2.0)");
    // Nothing is written until the batch is.
    expect(await db.select().from(botAgentDays)).toEqual([]);
    await gate.flush();
    await get("/", ua);
    await gate.flush();
    const rows = await db.select().from(botAgentDays);
    const byAgent = Object.fromEntries(rows.map((r) => [r.userAgent, r]));
    const today = new Date().toISOString().slice(0, 10);
    expect(byAgent[ua]).toMatchObject({ hits: 4, day: today, crawler: null, verified: null });
    expect(byAgent["Mozilla/5.0 (compatible; Googlebot/2.1)"]).toMatchObject({
      hits: 2,
      crawler: "Googlebot",
      verified: true,
      lastAddress: "192.0.2.50",
    });
    expect(byAgent["Mozilla/5.0 (compatible; bingbot/2.0)"]).toMatchObject({ crawler: "Bingbot", verified: false });
    // A blocked agent is counted too.
    expect(byAgent["Mozilla/5.0 (compatible; BadBot/2.0)"].hits).toBe(1);
    expect(rows.length).toBe(4);
  });

  it("lists the agents seen, with the crawler check and what the rules do", async () => {
    const res = await call(listLoader, "/admin/bots", "/admin/bots", { cookie: admin });
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).toContain("Googlebot (verified)");
    expect(text).toContain("Claims to be Bingbot (unverified)");
    expect(text).toContain("Blocked (“BadBot”)");
    const verified = await call(listLoader, "/admin/bots", "/admin/bots?f.crawler=verified", { cookie: admin });
    expect(JSON.stringify(verified.body)).not.toContain("bingbot");
  });

  it("blocks a seen agent from its row, after confirmation, and refuses what a rule cannot block", async () => {
    const ua = "Mozilla/5.0 (compatible; ScraperX/1.1)";
    await db.insert(botAgentDays).values({ userAgent: ua, day: "2026-12-01", hits: 3, lastSeenAt: new Date() });
    const [seen] = await db.select().from(botAgentDays).where(eq(botAgentDays.userAgent, ua));
    const block = (id: number, extra: Record<string, string> = {}, cookie = admin) =>
      call(listAction, "/admin/bots", "/admin/bots", {
        method: "POST",
        form: { intent: "block-agent", id: String(id), ...extra },
        cookie,
      });
    const list = await call(listLoader, "/admin/bots", "/admin/bots", { cookie: admin });
    expect(JSON.stringify(list.body)).toContain(`Block the user agent ${ua}`);
    // Without confirmation nothing is written; a buyer is refused whatever they send.
    expect((await block(seen.id)).status).toBe(422);
    const asBuyer = await block(seen.id, { confirm: "yes" }, buyer);
    expect(asBuyer.status).not.toBe(200);
    expect(await db.select().from(botRules).where(eq(botRules.pattern, ua))).toEqual([]);
    const done = await block(seen.id, { confirm: "yes" });
    expect([200, 303]).toContain(done.status);
    const [rule] = await db.select().from(botRules).where(eq(botRules.pattern, ua));
    expect(rule).toMatchObject({ action: "block", message: "" });
    version += 1;
    expect(await get("/", ua)).toMatchObject({ status: 403, text: expect.stringContaining(DEFAULT_BLOCK_MESSAGE) });
    // Its row now says so and offers no second Block; a repeated post is refused and writes nothing.
    const after = await call(listLoader, "/admin/bots", `/admin/bots?q=ScraperX`, { cookie: admin });
    expect(JSON.stringify(after.body)).toContain(`Blocked (“${ua}”)`);
    expect(JSON.stringify(after.body)).not.toContain(`Block the user agent ${ua}`);
    expect((await block(seen.id, { confirm: "yes" })).status).toBe(409);
    expect((await db.select().from(botRules).where(eq(botRules.pattern, ua))).length).toBe(1);
    // A browser's agent, counted like any other, cannot be blocked from its row: the rule would lock people out.
    await db.insert(botAgentDays).values({ userAgent: CHROME, day: "2026-12-01", hits: 9, lastSeenAt: new Date() });
    const [chrome] = await db.select().from(botAgentDays).where(eq(botAgentDays.userAgent, CHROME));
    const listed = JSON.stringify((await call(listLoader, "/admin/bots", "/admin/bots", { cookie: admin })).body);
    expect(listed).toContain("A browser's agent: no rule may block it");
    expect(listed).not.toContain(`Block the user agent ${CHROME}`);
    const refused = await block(chrome.id, { confirm: "yes" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("matches the browsers people use");
    expect(await db.select().from(botRules).where(eq(botRules.pattern, CHROME))).toEqual([]);
  });
});

describe("the Facebook settings", () => {
  const save = (form: Record<string, string>, cookie = admin) =>
    callRoute(fbAction as never, makeRequest("/admin/fb-settings", { method: "POST", form, cookie }));
  const socialOf = async (path: string, cookie?: string) => {
    const res = await callRoute(rootLoader as never, makeRequest(path, { cookie }));
    return res.body.social;
  };
  const html = (social: SocialShell, path = "/resorts") =>
    renderToString(
      createElement(
        MemoryRouter,
        { initialEntries: [path] },
        createElement(SocialHead, { social }),
        createElement(ConsentPrompt, { social }),
        createElement(SocialPixel, { social, nonce: "n0nce" }),
      ),
    );

  it("render nothing while unset", async () => {
    const social = await socialOf("/resorts");
    expect(social).toEqual({
      appId: null,
      domainVerification: null,
      pixelId: null,
      askConsent: false,
      promptHtml: null,
      pixelScript: null,
    });
    expect(html(social)).toBe("");
  });

  it("refuse ids that are not digits, writing nothing", async () => {
    const bad = await save({ fb_app_id: "abc", fb_pixel_id: "12", fb_domain_verification: "no spaces!" });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain("Enter the Facebook app id as its digits only");
    expect(text).toContain("Enter the Meta Pixel id as its digits only");
    expect(text).toContain("Enter the domain verification token as Meta gives it");
    expect((await socialOf("/resorts")).appId).toBeNull();
    expect((await save({ fb_app_id: "123456" }, buyer)).status).not.toBe(303);
    expect((await socialOf("/resorts")).appId).toBeNull();
  });

  it("once set: the tags on every page, the prompt until answered, the pixel only after Accept", async () => {
    const saved = await save({
      fb_app_id: "1122334455",
      fb_pixel_id: "998877665544",
      fb_domain_verification: "abc123def456",
    });
    expect(saved.status).toBe(303);

    const first = await socialOf("/resorts");
    expect(first).toMatchObject({
      appId: "1122334455",
      domainVerification: "abc123def456",
      pixelId: null,
      askConsent: true,
      pixelScript: null,
    });
    const asked = html(first);
    expect(asked).toContain('<meta property="fb:app_id" content="1122334455"/>');
    expect(asked).toContain('<meta name="facebook-domain-verification" content="abc123def456"/>');
    expect(asked).toContain('action="/consent"');
    expect(asked).toContain('name="returnTo" value="/resorts"');
    expect(asked).not.toContain("fbevents.js");
    expect(asked).not.toContain("998877665544");

    // Accept: the cookie, back to the page; the pixel then loads with the page's nonce, and the prompt is gone.
    const accepted = await callRoute(
      consentAction as never,
      makeRequest("/consent", { method: "POST", form: { choice: "accept", returnTo: "/resorts" } }),
    );
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe("/resorts");
    const cookie = accepted.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^vpm_consent=accepted; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    const after = await socialOf("/resorts", cookie.split(";")[0]);
    expect(after).toMatchObject({ pixelId: "998877665544", askConsent: false });
    const loaded = html(after);
    expect(loaded).toContain('<script nonce="n0nce" data-meta-pixel="998877665544">');
    expect(loaded).toContain("fbevents.js");
    expect(loaded).not.toContain('action="/consent"');

    // Declined: neither prompt nor pixel. The admin area never loads the pixel.
    expect(await socialOf("/resorts", "vpm_consent=declined")).toMatchObject({ pixelId: null, askConsent: false });
    expect(await socialOf("/admin/dashboard", "vpm_consent=accepted")).toMatchObject({
      appId: "1122334455",
      pixelId: null,
      askConsent: false,
    });
    // A foreign return address or a bad choice is not followed.
    const foreign = await callRoute(
      consentAction as never,
      makeRequest("/consent", { method: "POST", form: { choice: "decline", returnTo: "https://evil.example/" } }),
    );
    expect(foreign.location).toBe("/");
    const none = await callRoute(
      consentAction as never,
      makeRequest("/consent", { method: "POST", form: { choice: "x" } }),
    );
    expect(none.status).toBe(400);

    // Emptied again (each key may be empty): nothing on the pages.
    expect((await save({ fb_app_id: "", fb_pixel_id: "" })).status).toBe(303);
    expect(await socialOf("/resorts", "vpm_consent=accepted")).toEqual({
      appId: null,
      domainVerification: null,
      pixelId: null,
      askConsent: false,
      promptHtml: null,
      pixelScript: null,
    });
  });
});
