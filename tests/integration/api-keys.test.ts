import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityJournal, apiKeys, apiKeyUses } from "~/db/schema";
import { hashApiSecret } from "~/modules/api-keys/api-keys.server";
import { action as engineAction, loader as engineLoader } from "~/routes/admin/resource/list";
import { loader as listingsFeed } from "~/routes/api/v1-listings";
import { loader as marketFeed } from "~/routes/api/v1-market";
import { buildListing } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/** Issue 33: API keys issued and revoked at /admin/apis, and the read-only feeds they open. */
const services = await startTestServices();
const { db } = services;
const admin = await sessionCookieFor(services, "admin@example.com");
const writer = await sessionCookieFor(services, "writer@example.com");

type Fn = Parameters<typeof callRoute>[0];
const at = (fn: unknown) => (args: { request: Request }) =>
  (fn as (a: unknown) => unknown)({ ...args, pattern: "/admin/apis", url: new URL(args.request.url) });
const issue = (form: Record<string, string>, cookie = admin) =>
  callRoute(at(engineAction) as Fn, makeRequest("/admin/apis", { form: { intent: "issue", ...form }, cookie }));
const feed = (fn: unknown, path: string, key: string | null, params: Record<string, string> = {}) =>
  callRoute(fn as Fn, makeRequest(path, { headers: key ? { authorization: `Bearer ${key}` } : {} }), params);

async function issued(name: string, form: Record<string, string> = {}) {
  const res = await issue({ name, scope_listings: "on", perMinute: "60", ...form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { secret: res.body.reveal.value as string, body: res.body };
}

describe("issuing a key", () => {
  it("shows the secret once, stores only its hash, and journals it", async () => {
    const { secret, body } = await issued("Partner A");
    expect(body.message).toBe("API key “Partner A” issued.");
    expect(secret).toMatch(/^vpm_[A-Za-z0-9_-]{40}$/);
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.name, "Partner A"));
    expect(row.secretHash).toBe(hashApiSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.prefix).toBe(secret.slice(0, 12));
    expect(row.scopes).toEqual(["listings:read"]);
    const [entry] = await db.select().from(activityJournal).orderBy(desc(activityJournal.id)).limit(1);
    expect(entry.kind).toBe("api-key.issued");
    expect(entry.summary).toContain("Partner A");
    expect(entry.summary).not.toContain(secret);
    // The list never shows it again: only the prefix.
    const list = await callRoute(at(engineLoader) as Fn, makeRequest("/admin/apis", { cookie: admin }));
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).toContain(row.prefix);
  });

  it("refuses a key without a name or a scope, or with a bad limit, writing nothing", async () => {
    const before = (await db.select().from(apiKeys)).length;
    const res = await issue({ name: "x", perMinute: "0" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["name", "perMinute", "scopes"]);
    expect((await db.select().from(apiKeys)).length).toBe(before);
  });

  it("is for administrators only", async () => {
    const res = await issue({ name: "Writer's key", scope_listings: "on", perMinute: "60" }, writer);
    expect(res.status).not.toBe(200);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.name, "Writer's key"))).toEqual([]);
  });
});

describe("the feeds", () => {
  it("answer a key with the scope, and log each use", async () => {
    await buildListing(db, { resortCode: "AKV", pricePerPointCents: 12_000 });
    const { secret } = await issued("Listings reader");
    const res = await feed(listingsFeed, "/api/v1/listings", secret);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.meta.current_page).toBe(1);
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.name, "Listings reader"));
    expect(key.lastUsedAt).not.toBeNull();
    const uses = await db.select().from(apiKeyUses).where(eq(apiKeyUses.keyId, key.id));
    expect(uses.map((u) => [u.path, u.status])).toEqual([["/api/v1/listings", 200]]);
    // Without the market scope: 403, logged too.
    const market = await feed(marketFeed, "/api/v1/market/prices", secret, { series: "prices" });
    expect(market.status).toBe(403);
    expect((await db.select().from(apiKeyUses).where(eq(apiKeyUses.keyId, key.id))).length).toBe(2);
  });

  it("serve a market series to a key with that scope, 404 for an unknown series", async () => {
    const { secret } = await issued("Market reader", { scope_listings: "", scope_market: "on" });
    const ok = await feed(marketFeed, "/api/v1/market/prices", secret, { series: "prices" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.series).toBe("prices");
    expect(Array.isArray(ok.body.rows)).toBe(true);
    expect((await feed(marketFeed, "/api/v1/market/nope", secret, { series: "nope" })).status).toBe(404);
  });

  it("refuse no key, an unknown key and a revoked key with 401", async () => {
    expect((await feed(listingsFeed, "/api/v1/listings", null)).status).toBe(401);
    const unknown = await feed(listingsFeed, "/api/v1/listings", `vpm_${"x".repeat(40)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe("This API key is not known.");
    const { secret } = await issued("Soon revoked");
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.name, "Soon revoked"));
    const revoke = await callRoute(
      at(engineAction) as Fn,
      makeRequest("/admin/apis", { form: { intent: "revoke", id: String(key.id), confirm: "yes" }, cookie: admin }),
    );
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(303);
    const refused = await feed(listingsFeed, "/api/v1/listings", secret);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("This API key was revoked.");
  });

  it("hold each key to its requests a minute (429 with Retry-After)", async () => {
    const { secret } = await issued("Slow partner", { perMinute: "2" });
    expect((await feed(listingsFeed, "/api/v1/listings", secret)).status).toBe(200);
    expect((await feed(listingsFeed, "/api/v1/listings", secret)).status).toBe(200);
    const third = await feed(listingsFeed, "/api/v1/listings", secret);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another key is not held by this one's count.
    const other = await issued("Other partner");
    expect((await feed(listingsFeed, "/api/v1/listings", other.secret)).status).toBe(200);
  });
});
