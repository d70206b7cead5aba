import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityJournal, settings, userSettingValues } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { listResource, resolveResource } from "~/modules/admin/resource-engine.server";
import { getSettingsForm } from "~/modules/admin/settings.server";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import { getMySettings, saveTweaks } from "~/modules/settings/tweaks.server";
import { loader as dashboardLoader } from "~/routes/account/dashboard";
import { loader as adminIndexLoader } from "~/routes/admin/index";
import { buildUser, FACTORY_PASSWORD, viewerOf } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Decision 0093: /admin/tweaks "My settings", the settings engine's first `scope: "user"` section. Each
 * administrator's values are their own: they change what that administrator sees and nobody else's.
 */
const services = await startTestServices();
const db = services.db;
const rowA = await buildUser(db, { role: "admin" });
const rowB = await buildUser(db, { role: "admin" });
const [a, b] = [viewerOf(rowA), viewerOf(rowB)];
const cookieA = await sessionCookieFor(services, rowA.email, FACTORY_PASSWORD);
const cookieB = await sessionCookieFor(services, rowB.email, FACTORY_PASSWORD);
const users = await resolveResource("/admin/users");
const perPageOf = async (actor: typeof a, qs = "") =>
  (await listResource(services, { actor, input: { resource: users, params: new URLSearchParams(qs) } })).perPage;
const landing = async (fn: typeof adminIndexLoader | typeof dashboardLoader, path: string, cookie: string) =>
  (await callRoute(fn as never, makeRequest(path, { headers: { cookie } }))).location;

describe("My settings", () => {
  it("rows a page and the landing page are the administrator's own: A's choice changes nothing for B", async () => {
    expect(await perPageOf(a)).toBe(25);
    expect(await landing(adminIndexLoader, "/admin", cookieA)).toBe("/admin/offer-dashboard");

    await saveTweaks(services, {
      actor: a,
      input: { intent: "my-settings", my_rows_per_page: "10", my_home_page: "dashboard" },
    });

    // A's lists and landing follow A's choice; an explicit page size in the address still wins for that visit.
    expect(await perPageOf(a)).toBe(10);
    expect(await perPageOf(a, "perPage=50")).toBe(50);
    expect(await landing(adminIndexLoader, "/admin", cookieA)).toBe("/admin/dashboard");
    expect(await landing(dashboardLoader, "/dashboard", cookieA)).toBe("/admin/dashboard");
    // B keeps the defaults.
    expect(await perPageOf(b)).toBe(25);
    expect(await landing(adminIndexLoader, "/admin", cookieB)).toBe("/admin/offer-dashboard");
    expect(await landing(dashboardLoader, "/dashboard", cookieB)).toBe("/admin/offer-dashboard");
    expect(await getMySettings(db, b.id)).toEqual({ rowsPerPage: 0, homePage: "offer-dashboard" });

    // Each reads their own on the screen; the values are kept per person, never as site settings.
    const formA = await getSettingsForm(services, { actor: a, decl: TWEAKS });
    const formB = await getSettingsForm(services, { actor: b, decl: TWEAKS });
    expect(formA.sections["my-settings"]).toEqual({ my_rows_per_page: "10", my_home_page: "dashboard" });
    expect(formB.sections["my-settings"]).toEqual({ my_rows_per_page: "0", my_home_page: "offer-dashboard" });
    expect(await db.select().from(settings).where(eq(settings.key, "admin_home_page"))).toEqual([]);
    const rows = await db.select().from(userSettingValues).where(eq(userSettingValues.key, "admin_home_page"));
    expect(rows.map((r) => [r.userId, r.value])).toEqual([[a.id, "dashboard"]]);

    // B's own save leaves A's alone; each save is journaled as its author's.
    await saveTweaks(services, {
      actor: b,
      input: { intent: "my-settings", my_rows_per_page: "50", my_home_page: "offer-dashboard" },
    });
    expect(await perPageOf(b)).toBe(50);
    expect(await perPageOf(a)).toBe(10);
    const journalOf = (userId: string) =>
      db
        .select()
        .from(activityJournal)
        .where(and(eq(activityJournal.userId, userId), eq(activityJournal.kind, "settings.section")));
    const [entryA] = await journalOf(a.id);
    expect(entryA.data).toMatchObject({
      section: "my-settings",
      scope: "user",
      before: { my_rows_per_page: 0, my_home_page: "offer-dashboard" },
      after: { my_rows_per_page: 10, my_home_page: "dashboard" },
    });
    expect((await journalOf(b.id))[0].data).toMatchObject({ after: { my_rows_per_page: 50 } });
  });

  it("refuses a value not on the list and writes nothing", async () => {
    const c = viewerOf(await buildUser(db, { role: "admin" }));
    const e = await saveTweaks(services, {
      actor: c,
      input: { intent: "my-settings", my_rows_per_page: "7", my_home_page: "dashboard" },
    }).then(
      () => null,
      (err) => (isAppError(err) ? err : Promise.reject(err)),
    );
    expect(e?.status).toBe(400);
    expect(e?.fields?.my_rows_per_page).toBeTruthy();
    expect(await db.select().from(userSettingValues).where(eq(userSettingValues.userId, c.id))).toEqual([]);
  });

  it("a person's section cannot be read without saying whose", async () => {
    const { readSettingsSection } = await import("~/modules/admin/settings.server");
    await expect(readSettingsSection(db, TWEAKS, "my-settings")).rejects.toThrow(/pass userId/);
  });
});
