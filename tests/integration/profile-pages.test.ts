import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminNotifications, bestPractices, listings, resorts, userSettings } from "~/db/schema";
import { loader as bestPracticesLoader } from "~/routes/profile/best-practices";
import { loader as overviewLoader } from "~/routes/profile/overview";
import { action as requiredAction, loader as requiredLoader } from "~/routes/profile/required";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { freshUser, journalOf } from "./profile-helpers";

const services = await startTestServices();

const required = (cookie: string, tab = "account") =>
  callRoute(requiredLoader as never, makeRequest(`/required?tab=${tab}`, { cookie }));
const doneOf = (items: { id: string; done: boolean }[], id: string) => items.find((i) => i.id === id)?.done;

describe("the Required page", () => {
  it("lists what a fresh seller still has to provide, and turns items complete when done", async () => {
    const me = await freshUser(services, "seller");
    const before = await required(me.cookie);
    expect(before.status).toBe(200);
    expect(before.body.items.map((i: { id: string }) => i.id)).toEqual([
      "email-verified",
      "profile-completed",
      "phone-number",
      "mailing-address",
      "active-listing",
    ]);
    expect(before.body.items.every((i: { done: boolean }) => !i.done)).toBe(true);

    await services.db
      .update(userSettings)
      .set({ phoneNumber: "4075550100", addressLine1: "1 Main St", city: "Orlando", postalCode: "32801" })
      .where(eq(userSettings.userId, me.id));
    const [resort] = await services.db.select().from(resorts).where(eq(resorts.isInterval, false)).limit(1);
    await services.db.insert(listings).values({
      listingCode: `VPM-T${Date.now()}`,
      resortId: resort.id,
      sellerId: me.id,
      useMonth: 6,
      contractPoints: 150,
      pricePerPointCents: 12000,
      prevYearPoints: 0,
      currYearPoints: 150,
      nextYearPoints: 150,
      listingStatusId: 3,
      source: "member",
    } as never);
    const after = await required(me.cookie, "contact");
    expect(after.body.tab).toBe("contact");
    expect(doneOf(after.body.items, "phone-number")).toBe(true);
    expect(doneOf(after.body.items, "mailing-address")).toBe(true);
    expect(doneOf(after.body.items, "active-listing")).toBe(true);
    expect(doneOf(after.body.items, "email-verified")).toBe(false);
  });

  it("sends buyers and signed-out visitors away", async () => {
    const addressHelp = () =>
      services.db.select().from(adminNotifications).where(eq(adminNotifications.type, "addressHelp"));
    const before = (await addressHelp()).length;
    const buyer = await freshUser(services, "buyer");
    const res = await required(buyer.cookie);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    const anon = await callRoute(requiredLoader as never, makeRequest("/required"));
    expect(anon.location).toMatch(/^\/sign-in/);
    const post = await callRoute(
      requiredAction as never,
      makeRequest("/required", { form: { note: "x" }, cookie: buyer.cookie }),
    );
    expect(post.status).toBe(302);
    expect(await addressHelp()).toHaveLength(before);
  });

  it("'I need help with my address' notifies the administrators, journals it, and is rate-limited", async () => {
    const me = await freshUser(services, "seller");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await callRoute(
        requiredAction as never,
        makeRequest("/required", { form: { note: "I live in Canada" }, cookie: me.cookie }),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
    const rows = await services.db
      .select()
      .from(adminNotifications)
      .where(and(eq(adminNotifications.type, "addressHelp")));
    const mine = rows.filter((r) => r.data.user_uniqid === me.uniqid);
    expect(mine).toHaveLength(3);
    expect(mine[0].data).toMatchObject({ type: "addressHelp", role: "seller" });
    expect(String(mine[0].data.notification)).toContain("I live in Canada");
    expect(await journalOf(services, me.id, "profile.address-help")).toHaveLength(3);
  });
});

describe("Best Practices", () => {
  it("is seeded with at least 8 sections", async () => {
    expect((await services.db.select().from(bestPractices)).length).toBeGreaterThanOrEqual(8);
  });

  it("shows each role the sections for everyone and for their role only", async () => {
    const seller = await callRoute(
      bestPracticesLoader as never,
      makeRequest("/v2/profile/best-practices", { cookie: await sessionCookieFor(services, "seller@example.com") }),
    );
    const buyer = await callRoute(
      bestPracticesLoader as never,
      makeRequest("/v2/profile/best-practices", { cookie: await sessionCookieFor(services, "buyer@example.com") }),
    );
    const audiences = (r: typeof seller) => new Set(r.body.sections.map((s: { audience: string }) => s.audience));
    expect(audiences(seller)).toEqual(new Set(["all", "seller"]));
    expect(audiences(buyer)).toEqual(new Set(["all", "buyer"]));
    expect(seller.body.sections.some((s: { title: string }) => /FIRPTA/.test(s.title))).toBe(true);
    expect(buyer.body.sections.some((s: { title: string }) => /FIRPTA/.test(s.title))).toBe(false);
  });
});

describe("registration progress on /v2/profile", () => {
  it("marks what is done for a fresh seller", async () => {
    const me = await freshUser(services, "seller");
    const before = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: me.cookie }));
    const steps = (r: typeof before) =>
      Object.fromEntries(r.body.progress.map((s: { id: string; done: boolean }) => [s.id, s.done]));
    expect(steps(before)).toEqual({ email: false, profile: false, photo: false, "two-factor": false, listing: false });
    await services.db
      .update(userSettings)
      .set({ phoneNumber: "4075550100", addressLine1: "1 Main St", city: "Orlando", postalCode: "32801" })
      .where(eq(userSettings.userId, me.id));
    const after = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: me.cookie }));
    expect(steps(after).profile).toBe(true);
  });

  it("has no listing step for a buyer", async () => {
    const me = await freshUser(services, "buyer");
    const res = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: me.cookie }));
    expect(res.body.progress.map((s: { id: string }) => s.id)).not.toContain("listing");
  });
});
