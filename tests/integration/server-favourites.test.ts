import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  marketingCampaigns,
  marketingRecipients,
  marketingTemplates,
  marketingUnsubscribes,
  user,
  userFavorites,
} from "~/db/schema";
import { softDeleteUser } from "~/modules/accounts/account-deletion.server";
import { getShellData } from "~/modules/content/shell.server";
import { FAVORITES_COOKIE, MAX_FAVORITES, parseFavoritesCookie } from "~/modules/listings/favorites";
import { getSegmentCount, startCampaign } from "~/modules/marketing/marketing.server";
import { action as favoritesAction, loader as favoritesLoader } from "~/routes/public/favorites";
import { action as formAction } from "~/routes/admin/resource/form";
import { loader as viewLoader } from "~/routes/admin/resource/view";
import { buildListing, buildUser, resortByCode, viewerOf } from "../factories";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/** Decision 0092: favourites kept on the server for signed-in people, and the marketing segment built on them. */
const services = await startTestServices();
const { db } = services;

const [admin] = await db.select().from(user).where(eq(user.email, "admin@example.com"));
const adminViewer = viewerOf(admin);
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const idOf = async (email: string) => (await db.select().from(user).where(eq(user.email, email)))[0].id;

const toggle = (id: number, cookie = "", extra: Record<string, string> = {}, intent = "toggle") =>
  callRoute(
    favoritesAction as never,
    makeRequest("/favorites", { form: { intent, listingId: String(id), ...extra }, cookie }),
  );
const listPage = (cookie: string) => callRoute(favoritesLoader as never, makeRequest("/favorites", { cookie }));
const jar = (cookie: string, res: { headers: Headers }) => applySetCookies(cookie, res.headers.getSetCookie());
const cookieIds = (cookie: string) => {
  const value = cookie.split("; ").find((c) => c.startsWith(`${FAVORITES_COOKIE}=`));
  return parseFavoritesCookie(value?.slice(FAVORITES_COOKIE.length + 1)).map((e) => e[0]);
};
/** The account's favourites (rows the person removed are kept, marked, and not favourites). */
const rowsOf = async (userId: string) =>
  (await db.select().from(userFavorites).where(eq(userFavorites.userId, userId)))
    .filter((r) => r.removedAt === null)
    .map((r) => r.listingId)
    .sort();
const pageIds = (res: { body: { rows: { id: number }[] } }) => res.body.rows.map((r) => r.id);
const sorted = (ids: number[]) => [...ids].sort();

describe("server-side favourites", () => {
  it("an anonymous toggle writes the cookie only; a signed-in toggle writes and deletes the account's row too", async () => {
    const l = await buildListing(db);
    const before = await db.select().from(userFavorites);
    const anon = await toggle(l.id);
    expect(anon.status).toBe(200);
    expect(cookieIds(jar("", anon))).toEqual([l.id]);
    expect(await db.select().from(userFavorites)).toEqual(before);

    const session = await sessionCookieFor(services, "buyer@example.com");
    const buyerId = await idOf("buyer@example.com");
    const added = await toggle(l.id, session);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ok: true, added: true });
    expect(await rowsOf(buyerId)).toContain(l.id);
    let cookie = jar(session, added);
    expect(cookieIds(cookie)).toContain(l.id);

    const removed = await toggle(l.id, cookie);
    expect(removed.body).toMatchObject({ ok: true, added: false });
    cookie = jar(cookie, removed);
    expect(await rowsOf(buyerId)).not.toContain(l.id);
    expect(cookieIds(cookie)).not.toContain(l.id);

    // "remove" (the favourites page's button) deletes the row as well.
    await toggle(l.id, cookie);
    expect(await rowsOf(buyerId)).toContain(l.id);
    await toggle(l.id, cookie, {}, "remove");
    expect(await rowsOf(buyerId)).not.toContain(l.id);
  });

  it("merges the cookie's favourites into the account on the first signed-in request; another device sees them", async () => {
    const [a, b, c] = [await buildListing(db), await buildListing(db), await buildListing(db)];
    // Saved while signed out, in this browser.
    let browser = "";
    for (const l of [a, b]) browser = jar(browser, await toggle(l.id, browser));
    expect(cookieIds(browser)).toEqual([a.id, b.id]);

    const sellerId = await idOf("seller2@example.com");
    await db.insert(userFavorites).values({ userId: sellerId, listingId: c.id });
    const session = await sessionCookieFor(services, "seller2@example.com");
    // The first page after signing in (the shell runs on every page): the merge happens, the header counts 3.
    const shell = await getShellData(makeRequest("/", { cookie: `${browser}; ${session}` }));
    expect(sorted(shell.favoriteIds)).toEqual(sorted([a.id, b.id, c.id]));
    expect(await rowsOf(sellerId)).toEqual(sorted([a.id, b.id, c.id]));

    // Another device: only the session, no favourites cookie: the account's favourites follow.
    const other = await sessionCookieFor(services, "seller2@example.com");
    const page = await listPage(other);
    expect(sorted(pageIds(page))).toEqual(sorted([a.id, b.id, c.id]));
    expect(page.body.signedIn).toBe(true);
    // Removing one there removes it from the account (the first browser's next list reads the account).
    await toggle(a.id, other);
    expect(await rowsOf(sellerId)).toEqual(sorted([b.id, c.id]));
    // Merging twice changes nothing.
    await getShellData(makeRequest("/", { cookie: other }));
    expect(await rowsOf(sellerId)).toEqual(sorted([b.id, c.id]));
    // The first browser's cookie still holds the removed listing: it does not bring it back.
    const back = await getShellData(makeRequest("/", { cookie: `${browser}; ${session}` }));
    expect(sorted(back.favoriteIds)).toEqual(sorted([b.id, c.id]));
    expect(await rowsOf(sellerId)).toEqual(sorted([b.id, c.id]));
    // Choosing it again there makes it a favourite again, on every device.
    const again = await toggle(a.id, `${browser}; ${session}`);
    expect(again.body).toMatchObject({ ok: true, added: true });
    expect(sorted(pageIds(await listPage(other)))).toEqual(sorted([a.id, b.id, c.id]));
  });

  it(`keeps at most ${MAX_FAVORITES} favourites: a merge stops at the limit and a full list refuses with 409`, async () => {
    const person = await buildUser(db, { email: `full.${Date.now()}@example.com` });
    const seller = await buildUser(db, { role: "seller" });
    const many = [];
    for (let i = 0; i < MAX_FAVORITES + 3; i++) many.push(await buildListing(db, { seller }));
    // Already MAX - 2 on the account; the browser holds three more.
    await db
      .insert(userFavorites)
      .values(many.slice(0, MAX_FAVORITES - 2).map((l) => ({ userId: person.id, listingId: l.id })));
    let browser = "";
    for (const l of many.slice(MAX_FAVORITES - 2, MAX_FAVORITES + 1))
      browser = jar(browser, await toggle(l.id, browser));
    expect(cookieIds(browser)).toHaveLength(3);

    // Signed in (the impersonation-free session of this person, as the shell would see it).
    const { resolveFavoriteIds } = await import("~/modules/listings/favorites.server");
    const ids = await resolveFavoriteIds(db, { userId: person.id, mergeCookie: true }, cookieIds(browser));
    expect(ids).toHaveLength(MAX_FAVORITES);
    expect(await rowsOf(person.id)).toHaveLength(MAX_FAVORITES);
    expect(await rowsOf(person.id)).not.toContain(many[MAX_FAVORITES].id);
  });

  it("a signed-in toggle on a full list is refused (409) and writes nothing", async () => {
    const session = await sessionCookieFor(services, "buyer2@example.com");
    const buyer2 = await idOf("buyer2@example.com");
    const seller = await buildUser(db, { role: "seller" });
    const have = await rowsOf(buyer2);
    const fill = [];
    for (let i = have.length; i < MAX_FAVORITES; i++) fill.push(await buildListing(db, { seller }));
    if (fill.length) await db.insert(userFavorites).values(fill.map((l) => ({ userId: buyer2, listingId: l.id })));
    const extra = await buildListing(db, { seller });
    const refused = await toggle(extra.id, session);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`Your favorites list is full (${MAX_FAVORITES} listings)`);
    expect(await rowsOf(buyer2)).not.toContain(extra.id);
    expect(await rowsOf(buyer2)).toHaveLength(MAX_FAVORITES);
    await db.delete(userFavorites).where(eq(userFavorites.userId, buyer2));
  });

  it("one cannot write another person's favourites: a user id in the form is ignored", async () => {
    const l = await buildListing(db);
    const victim = await buildUser(db);
    await db.insert(userFavorites).values({ userId: victim.id, listingId: l.id });
    const session = await sessionCookieFor(services, "buyer@example.com");
    const buyerId = await idOf("buyer@example.com");
    // Toggling "the victim's" listing: only the signed-in person's list changes.
    const res = await toggle(l.id, session, { userId: victim.id, user_id: victim.id });
    expect(res.status).toBe(200);
    expect(await rowsOf(victim.id)).toEqual([l.id]);
    expect(await rowsOf(buyerId)).toContain(l.id);
    await toggle(l.id, session, { userId: victim.id });
    expect(await rowsOf(victim.id)).toEqual([l.id]);
    expect(await rowsOf(buyerId)).not.toContain(l.id);
    // An anonymous visitor writes nobody's rows.
    await toggle(l.id, "", { userId: victim.id });
    await toggle(l.id, "", { userId: victim.id });
    expect(await rowsOf(victim.id)).toEqual([l.id]);
  });

  it("an administrator acting as someone does not merge their own browser's favourites into that account", async () => {
    const { resolveFavoriteIds, favoritesOwnerOf } = await import("~/modules/listings/favorites.server");
    const person = await buildUser(db);
    const l = await buildListing(db);
    const owner = favoritesOwnerOf(viewerOf(person, admin.id));
    expect(await resolveFavoriteIds(db, owner, [l.id])).toEqual([]);
    expect(await rowsOf(person.id)).toEqual([]);
  });

  it("deleting an account deletes its favourites; the rows also go when the user row goes", async () => {
    const person = await buildUser(db);
    const [l1, l2] = [await buildListing(db), await buildListing(db)];
    await db.insert(userFavorites).values([
      { userId: person.id, listingId: l1.id },
      { userId: person.id, listingId: l2.id },
    ]);
    await softDeleteUser(services, { actor: adminViewer, input: { userId: person.id, byAdministrator: true } });
    expect(await rowsOf(person.id)).toEqual([]);

    const other = await buildUser(db);
    await db.insert(userFavorites).values({ userId: other.id, listingId: l1.id });
    await db.delete(user).where(eq(user.id, other.id));
    expect(await rowsOf(other.id)).toEqual([]);
  });
});

describe("marketing segment: people who favourited a resort", () => {
  const CAMPAIGNS = "/admin/marketing/emails";
  type Fn = (args: any) => unknown;
  function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
    const request = makeRequest(path, init);
    return callRoute(((x: object) => fn({ ...x, pattern, url: new URL(request.url) })) as never, request, params);
  }
  let n = 0;
  async function template() {
    n++;
    const [t] = await db
      .insert(marketingTemplates)
      .values({ name: `Fav template ${n}`, subject: "News", body: "<p>Hello {{ first_name }}</p>" })
      .returning();
    return t;
  }

  it("counts and writes only active, subscribed accounts with a favourite at that resort, once each", async () => {
    const resort = await resortByCode(db, "AKV");
    const elsewhere = await resortByCode(db, "BLT");
    const before = await getSegmentCount(db, "favourited-resort", resort.id);
    const [r1, r2, o1] = [
      await buildListing(db, { resortCode: "AKV" }),
      await buildListing(db, { resortCode: "AKV", status: 9 }),
      await buildListing(db, { resortCode: "BLT" }),
    ];
    const fan = await buildUser(db);
    const twice = await buildUser(db);
    const otherResort = await buildUser(db);
    const unsubscribed = await buildUser(db);
    const deleted = await buildUser(db);
    const suspended = await buildUser(db);
    const fav = (u: { id: string }, l: { id: number }) => ({ userId: u.id, listingId: l.id });
    await db
      .insert(userFavorites)
      .values([
        fav(fan, r1),
        fav(twice, r1),
        fav(twice, r2),
        fav(otherResort, o1),
        fav(unsubscribed, r1),
        fav(deleted, r1),
        fav(suspended, r2),
      ]);
    await db.insert(marketingUnsubscribes).values({ email: unsubscribed.email.toLowerCase() });
    await db.update(user).set({ deletedAt: new Date() }).where(eq(user.id, deleted.id));
    await db.update(user).set({ banned: true }).where(eq(user.id, suspended.id));

    expect(await getSegmentCount(db, "favourited-resort", resort.id)).toBe(before + 2);
    expect(await getSegmentCount(db, "favourited-resort", null)).toBe(0);
    expect(await getSegmentCount(db, "favourited-resort", elsewhere.id)).toBeGreaterThanOrEqual(1);

    const t = await template();
    const [c] = await db
      .insert(marketingCampaigns)
      .values({ name: "AKV fans", templateId: t.id, segment: "favourited-resort", resortId: resort.id })
      .returning();
    const jobs = { send: async () => "x" };
    const count = await startCampaign(
      {
        db,
        mailer: services.mailer,
        siteUrl: services.config.authUrl,
        secret: services.config.authSecret,
        from: services.config.mailFrom,
        jobs: jobs as never,
      },
      { actor: adminViewer, campaignId: c.id },
    );
    expect(count).toBe(before + 2);
    const written = (await db.select().from(marketingRecipients).where(eq(marketingRecipients.campaignId, c.id))).map(
      (r) => r.userId,
    );
    expect(written).toContain(fan.id);
    expect(written).toContain(twice.id);
    for (const left of [otherResort, unsubscribed, deleted, suspended]) expect(written).not.toContain(left.id);
    expect(written.filter((id) => id === twice.id)).toHaveLength(1);
  });

  it("the form asks for the resort for that segment only, clears it for others, and the page names the resort", async () => {
    const t = await template();
    const resort = await resortByCode(db, "VGF");
    const save = (form: Record<string, string>) =>
      call(formAction, `${CAMPAIGNS}/create`, `${CAMPAIGNS}/create`, { method: "POST", form, cookie: adminCookie });

    const missing = await save({
      name: "No resort",
      template_id: String(t.id),
      segment: "favourited-resort",
      resort_id: "",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.resort_id).toEqual([
      "Choose the resort: the campaign goes to the people with one of its listings in their favorites.",
    ]);
    expect(JSON.stringify(missing.body)).toContain(
      "Choose the resort: the campaign goes to the people with one of its listings in their favorites.",
    );
    expect(await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.name, "No resort"))).toEqual([]);

    const other = await save({
      name: "Buyers, resort ignored",
      template_id: String(t.id),
      segment: "buyers",
      resort_id: String(resort.id),
    });
    expect(other.status).toBe(303);
    const [buyersRow] = await db
      .select()
      .from(marketingCampaigns)
      .where(eq(marketingCampaigns.name, "Buyers, resort ignored"));
    expect(buyersRow.resortId).toBeNull();

    const fan = await buildUser(db);
    await db
      .insert(userFavorites)
      .values({ userId: fan.id, listingId: (await buildListing(db, { resortCode: "VGF" })).id });
    const good = await save({
      name: "VGF fans",
      template_id: String(t.id),
      segment: "favourited-resort",
      resort_id: String(resort.id),
    });
    expect(good.status).toBe(303);
    const [row] = await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.name, "VGF fans"));
    expect(row.resortId).toBe(resort.id);

    const page = await call(
      viewLoader,
      `${CAMPAIGNS}/:id`,
      `${CAMPAIGNS}/${row.id}`,
      { cookie: adminCookie },
      { id: String(row.id) },
    );
    expect(page.status).toBe(200);
    const text = JSON.stringify(page.body);
    expect(text).toContain(`People with a favorite at ${resort.name}`);
    const n = await getSegmentCount(db, "favourited-resort", resort.id);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`to ${n} ${n === 1 ? "address" : "addresses"} now?`);

    // Editing the draft without a resort is refused; turning it into another segment clears its resort.
    const noResort = await call(
      formAction,
      `${CAMPAIGNS}/:id/edit`,
      `${CAMPAIGNS}/${row.id}/edit`,
      {
        method: "POST",
        form: { name: "VGF fans", template_id: String(t.id), segment: "favourited-resort", resort_id: "" },
        cookie: adminCookie,
      },
      { id: String(row.id) },
    );
    expect(noResort.status).toBe(400);
    expect((await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, row.id)))[0].resortId).toBe(
      resort.id,
    );
    const edit = await call(
      formAction,
      `${CAMPAIGNS}/:id/edit`,
      `${CAMPAIGNS}/${row.id}/edit`,
      {
        method: "POST",
        form: { name: "VGF fans", template_id: String(t.id), segment: "subscribers", resort_id: String(resort.id) },
        cookie: adminCookie,
      },
      { id: String(row.id) },
    );
    expect(edit.status).toBe(303);
    const [after] = await db
      .select()
      .from(marketingCampaigns)
      .where(and(eq(marketingCampaigns.id, row.id), inArray(marketingCampaigns.segment, ["subscribers"])));
    expect(after.resortId).toBeNull();
  });
});
