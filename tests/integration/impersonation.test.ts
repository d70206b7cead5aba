import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityJournal, adminNotifications, session, user } from "~/db/schema";
import { notifyAdmins } from "~/modules/notifications/admin-notifications.server";
import { action as impersonateAction, loader as impersonateLoader } from "~/routes/admin/impersonate";
import { action as leaveAction, loader as leaveLoader } from "~/routes/admin/impersonate-leave";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();

const person = async (email: string) => (await services.db.select().from(user).where(eq(user.email, email)))[0];
const admin = await person("admin@example.com");
const seller = await person("seller@example.com");
const seller2 = await person("seller2@example.com");
const buyer = await person("buyer@example.com");
const writer = await person("writer@example.com");

const JSON_HEADERS = { accept: "application/json" };
const PAGE_HEADERS = { accept: "text/html", "sec-fetch-mode": "navigate" };

async function impersonate(
  cookie: string | undefined,
  uniqid: string,
  opts: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const req = makeRequest(`/admin/users/impersonate/${uniqid}`, {
    method: "POST",
    cookie,
    json: opts.json,
    form: opts.form,
    headers: opts.headers ?? JSON_HEADERS,
  });
  return callRoute(impersonateAction as never, req, { user_uniqid: uniqid });
}

const sessionOf = (cookie: string) => services.auth.api.getSession({ headers: new Headers({ cookie }) });
const journalOf = (userId: string, kind: string) =>
  services.db
    .select()
    .from(activityJournal)
    .where(and(eq(activityJournal.userId, userId), eq(activityJournal.kind, kind)))
    .orderBy(asc(activityJournal.id));

describe("POST /admin/users/impersonate/{user_uniqid}", () => {
  it("logs an administrator into a seller's account: the session knows the administrator, both journals say so", async () => {
    const adminCookie = await sessionCookieFor(services, admin.email);
    const res = await impersonate(adminCookie, seller.userUniqid);
    expect(res.status).toBe(200);
    expect(res.body.data).toBe("IMPERSONATION_SUCCESS");
    expect(res.body.title).toBe("Success!");
    expect(res.body.message).toBe("Logged into user's account successfully.");
    expect(res.body.redirectTo).toBe("/v2/profile");
    const cookie = applySetCookies(adminCookie, res.headers.getSetCookie());
    const during = await sessionOf(cookie);
    expect(during?.user.email).toBe(seller.email);
    expect((during?.session as { impersonatedBy?: string } | undefined)?.impersonatedBy).toBe(admin.id);

    const [forSeller] = await journalOf(seller.id, "impersonation.start");
    expect(forSeller).toMatchObject({ actorId: admin.id, impersonatorId: admin.id, category: "impersonation" });
    expect(forSeller.summary).toContain("Alex Admin");
    expect(forSeller.data).toMatchObject({ impersonatorId: admin.id, userId: seller.id });
    const [forAdmin] = await journalOf(admin.id, "impersonation.start");
    expect(forAdmin).toMatchObject({ actorId: admin.id, impersonatorId: null, category: "impersonation" });
    expect(forAdmin.summary).toContain(seller.name);
    expect(forAdmin.data).toMatchObject({ impersonatorId: admin.id, userId: seller.id });

    // Leaving (JSON) restores the administrator's own session and journals the end for both.
    const left = await callRoute(
      leaveAction as never,
      makeRequest("/admin/users/impersonate-leave", { method: "POST", cookie, headers: JSON_HEADERS }),
    );
    expect(left.status).toBe(200);
    expect(left.body.data).toBe("IMPERSONATION_LEAVE");
    const back = applySetCookies(cookie, left.headers.getSetCookie());
    const after = await sessionOf(back);
    expect(after?.user.email).toBe(admin.email);
    expect((after?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy ?? null).toBeNull();
    expect(await journalOf(seller.id, "impersonation.end")).toHaveLength(1);
    expect(await journalOf(admin.id, "impersonation.end")).toHaveLength(1);
    // The impersonation session is gone.
    expect(await sessionOf(cookie)).toBeNull();
  });

  it("a GET never ends an impersonation (405, the session and journal unchanged): leaving is a form post", async () => {
    const adminCookie = await sessionCookieFor(services, admin.email);
    const res = await impersonate(adminCookie, buyer.userUniqid);
    const cookie = applySetCookies(adminCookie, res.headers.getSetCookie());
    const endsBefore = (await journalOf(buyer.id, "impersonation.end")).length;
    for (const headers of [JSON_HEADERS, PAGE_HEADERS]) {
      const got = await callRoute(
        leaveLoader as never,
        makeRequest("/admin/users/impersonate-leave", { cookie, headers }),
      );
      expect(got.status).toBe(405);
      expect(got.headers.get("allow")).toBe("POST");
      expect(got.headers.getSetCookie()).toEqual([]);
    }
    const still = await sessionOf(cookie);
    expect(still?.user.email).toBe(buyer.email);
    expect((still?.session as { impersonatedBy?: string } | undefined)?.impersonatedBy).toBe(admin.id);
    expect(await journalOf(buyer.id, "impersonation.end")).toHaveLength(endsBefore);
  });

  it("a plain form post lands on the user's page with the success toast, and leaving returns to where it started", async () => {
    const adminCookie = await sessionCookieFor(services, admin.email);
    const res = await impersonate(adminCookie, buyer.userUniqid, {
      form: {},
      headers: { ...PAGE_HEADERS, referer: "http://localhost:3000/admin/pending-listings?page=2" },
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/v2/profile");
    const setCookies = res.headers.getSetCookie();
    expect(setCookies.some((c) => c.startsWith("vpm_flash="))).toBe(true);
    expect(setCookies.some((c) => c.startsWith("vpm_impersonation_return="))).toBe(true);
    const cookie = applySetCookies(adminCookie, setCookies);
    expect((await sessionOf(cookie))?.user.email).toBe(buyer.email);

    const left = await callRoute(
      leaveAction as never,
      makeRequest("/admin/users/impersonate-leave", { method: "POST", cookie }),
    );
    expect(left.status).toBe(303);
    expect(left.location).toBe("/admin/pending-listings?page=2");
    const back = applySetCookies(cookie, left.headers.getSetCookie());
    expect((await sessionOf(back))?.user.email).toBe(admin.email);
    // The remembered page is forgotten.
    expect(back).not.toContain("vpm_impersonation_return=");
  });

  it("never remembers a page outside the admin area (no open redirect): leaving then goes to the offer dashboard", async () => {
    const adminCookie = await sessionCookieFor(services, admin.email);
    const res = await impersonate(adminCookie, buyer.userUniqid, {
      form: {},
      headers: { ...PAGE_HEADERS, referer: "https://evil.example/admin/dashboard" },
    });
    expect(res.status).toBe(303);
    const cookie = applySetCookies(adminCookie, res.headers.getSetCookie());
    // A forged return cookie pointing elsewhere is ignored too.
    const forged = `${cookie}; vpm_impersonation_return=${encodeURIComponent(btoa(JSON.stringify("//evil.example")))}`;
    const left = await callRoute(
      leaveAction as never,
      makeRequest("/admin/users/impersonate-leave", { method: "POST", cookie: forged }),
    );
    expect(left.location).toBe("/admin/offer-dashboard");
  });

  it("refuses to log into another administrator's account (403, with a message) and creates no session", async () => {
    const adminCookie = await sessionCookieFor(services, admin.email);
    const [other] = await services.db
      .insert(user)
      .values({
        id: "second-admin",
        name: "Second Admin",
        email: "second.admin@example.org",
        role: "admin",
        staffRole: "admin",
        userUniqid: "abcdef012345",
      })
      .returning();
    const before = await services.db.select().from(session).where(isNotNull(session.impersonatedBy));
    const res = await impersonate(adminCookie, other.userUniqid);
    expect(res.status).toBe(403);
    expect(res.body.data).toBe("IMPERSONATION_ERROR");
    expect(res.body.title).toBe("Impersonation Error");
    expect(res.body.message).toBe("An administrator cannot log into another administrator's account.");
    expect(await services.db.select().from(session).where(isNotNull(session.impersonatedBy))).toHaveLength(
      before.length,
    );
    expect(await journalOf(other.id, "impersonation.start")).toHaveLength(0);
    // A plain form post goes back to the admin page with the message as a toast.
    const page = await impersonate(adminCookie, other.userUniqid, {
      form: {},
      headers: { ...PAGE_HEADERS, referer: "http://localhost:3000/admin/dashboard" },
    });
    expect(page.status).toBe(303);
    expect(page.location).toBe("/admin/dashboard");
    expect(page.headers.getSetCookie().some((c) => c.startsWith("vpm_flash="))).toBe(true);
    expect((await sessionOf(applySetCookies(adminCookie, page.headers.getSetCookie())))?.user.email).toBe(admin.email);
  });

  it("refuses a buyer, a writer and an anonymous caller, however they call", async () => {
    for (const who of [buyer, writer]) {
      const cookie = await sessionCookieFor(services, who.email);
      const json = await impersonate(cookie, seller.userUniqid);
      expect(json.status, who.email).toBe(403);
      expect(json.body.message).toBe("Only administrators can log into another user's account.");
      const page = await impersonate(cookie, seller.userUniqid, { form: {}, headers: PAGE_HEADERS });
      expect(page.status, who.email).toBe(403);
      expect((await sessionOf(applySetCookies(cookie, page.headers.getSetCookie())))?.user.email).toBe(who.email);
    }
    expect((await impersonate(undefined, seller.userUniqid)).status).toBe(401);
    expect(await journalOf(seller.id, "impersonation.start")).toHaveLength(1); // only the first test's
  });

  it("answers 404 for an unknown or malformed id and 400 for a bad notification id", async () => {
    const adminCookie = await sessionCookieFor(services, admin.email);
    expect((await impersonate(adminCookie, "000000000000")).status).toBe(404);
    expect((await impersonate(adminCookie, "../../etc")).status).toBe(404);
    const bad = await impersonate(adminCookie, seller.userUniqid, { json: { notification_id: "abc" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("The notification id must be a whole number.");
    const get = await callRoute(
      impersonateLoader as never,
      makeRequest(`/admin/users/impersonate/${seller.userUniqid}`),
    );
    expect(get.status).toBe(405);
  });

  it("switching users while impersonating first leaves, then logs into the new account", async () => {
    const adminCookie = await sessionCookieFor(services, admin.email);
    const first = await impersonate(adminCookie, seller2.userUniqid);
    expect(first.status).toBe(200);
    const asSeller2 = applySetCookies(adminCookie, first.headers.getSetCookie());
    const second = await impersonate(asSeller2, buyer.userUniqid);
    expect(second.status).toBe(200);
    expect(second.body.data).toBe("IMPERSONATION_SUCCESS");
    const asBuyer = applySetCookies(asSeller2, second.headers.getSetCookie());
    const now = await sessionOf(asBuyer);
    expect(now?.user.email).toBe(buyer.email);
    expect((now?.session as { impersonatedBy?: string } | undefined)?.impersonatedBy).toBe(admin.id);
    // The first impersonation session is gone; its end is journaled before the new start.
    expect(await sessionOf(asSeller2)).toBeNull();
    const adminEntries = await services.db
      .select()
      .from(activityJournal)
      .where(
        and(
          eq(activityJournal.userId, admin.id),
          inArray(activityJournal.kind, ["impersonation.start", "impersonation.end"]),
        ),
      )
      .orderBy(asc(activityJournal.id));
    expect(adminEntries.slice(-3).map((e) => [e.kind, (e.data as { userId: string }).userId])).toEqual([
      ["impersonation.start", seller2.id],
      ["impersonation.end", seller2.id],
      ["impersonation.start", buyer.id],
    ]);
    // Leaving now returns the administrator's session.
    const left = await callRoute(
      leaveAction as never,
      makeRequest("/admin/users/impersonate-leave", { method: "POST", cookie: asBuyer, headers: JSON_HEADERS }),
    );
    expect(left.body.data).toBe("IMPERSONATION_LEAVE");
    expect((await sessionOf(applySetCookies(asBuyer, left.headers.getSetCookie())))?.user.email).toBe(admin.email);
  });

  it("while impersonating, switching to another administrator is refused before leaving", async () => {
    const adminCookie = await sessionCookieFor(services, admin.email);
    const first = await impersonate(adminCookie, seller.userUniqid);
    const asSeller = applySetCookies(adminCookie, first.headers.getSetCookie());
    const res = await impersonate(asSeller, "abcdef012345");
    expect(res.status).toBe(403);
    expect((await sessionOf(asSeller))?.user.email).toBe(seller.email);
  });

  it("marks the notification it came from read", async () => {
    const id = await notifyAdmins(services.db, {
      type: "userCreated",
      user: seller2.name,
      role: "seller",
      user_uniqid: seller2.userUniqid,
      notification: "Sean signed up.",
    });
    const adminCookie = await sessionCookieFor(services, admin.email);
    const res = await impersonate(adminCookie, seller2.userUniqid, {
      form: { notification_id: String(id) },
      headers: { accept: "application/json" },
    });
    expect(res.status).toBe(200);
    const [row] = await services.db.select().from(adminNotifications).where(eq(adminNotifications.id, id));
    expect(row.readAt).toBeInstanceOf(Date);
  });

  it("leaving when not impersonating sends a page visit home and answers 409 to JSON", async () => {
    const cookie = await sessionCookieFor(services, seller.email);
    const page = await callRoute(
      leaveAction as never,
      makeRequest("/admin/users/impersonate-leave", { method: "POST", cookie }),
    );
    expect(page.location).toBe("/dashboard");
    const json = await callRoute(
      leaveAction as never,
      makeRequest("/admin/users/impersonate-leave", { method: "POST", cookie, headers: JSON_HEADERS }),
    );
    expect(json.status).toBe(409);
  });
});
