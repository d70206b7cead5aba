import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, session, user, userSettings } from "~/db/schema";
import { action as commissionAction } from "~/routes/api/commission-text";
import { loader as userDataLoader } from "~/routes/api/user-data";
import { action as updateFieldAction } from "~/routes/api/user-update-field";
import { action as profileAction, loader as profileLoader } from "~/routes/profile/profile";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { freshUser, impersonate, journalOf } from "./profile-helpers";

const services = await startTestServices();

const updateField = (cookie: string | undefined, json: unknown) =>
  callRoute(
    updateFieldAction as never,
    makeRequest("/api/user/profile/update-user-field", { json, cookie, headers: { accept: "application/json" } }),
  );
const settingsOf = async (id: string) =>
  (await services.db.select().from(userSettings).where(eq(userSettings.userId, id)))[0];
const userRow = async (id: string) => (await services.db.select().from(user).where(eq(user.id, id)))[0];
const idOf = async (email: string) => (await services.db.select().from(user).where(eq(user.email, email)))[0].id;

describe("user.profile.update-user-field", () => {
  it("saves a toggle with 'Field has been updated!' and journals it", async () => {
    const me = await freshUser(services);
    const res = await updateField(me.cookie, { id: me.id, name: "sms_enabled", value: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Field has been updated!");
    expect((await settingsOf(me.id)).smsEnabled).toBe(true);
    const [entry] = await journalOf(services, me.id, "settings.update");
    expect(entry.data).toMatchObject({ field: "sms_enabled", from: false, to: true });
    expect(entry.actorId).toBe(me.id);
    expect(entry.impersonatorId).toBeNull();
  });

  it("checks each value with its field's schema", async () => {
    const me = await freshUser(services);
    const bad = await updateField(me.cookie, { id: me.id, name: "us_phone_number", value: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/at least 9 digits/);
    const notBool = await updateField(me.cookie, { id: me.id, name: "sms_enabled", value: "maybe" });
    expect(notBool.status).toBe(400);
    const ok = await updateField(me.cookie, { id: me.id, name: "salutation", value: "  Ms. Rivera " });
    expect(ok.status).toBe(200);
    expect((await settingsOf(me.id)).salutation).toBe("Ms. Rivera");
  });

  it("refuses a name outside the whitelist, and the email, with 400 and writes nothing", async () => {
    const me = await freshUser(services);
    for (const name of ["password", "user_id", "emailVerified", "staff_role", "email"]) {
      const res = await updateField(me.cookie, { id: me.id, name, value: "x" });
      expect(res.status, name).toBe(400);
    }
    expect((await userRow(me.id)).email).toBe(me.email);
    expect(await journalOf(services, me.id, "settings.update")).toHaveLength(0);
  });

  it("refuses another user's settings with 403", async () => {
    const me = await freshUser(services);
    const other = await freshUser(services);
    const res = await updateField(me.cookie, { id: other.id, name: "sms_enabled", value: true });
    expect(res.status).toBe(403);
    expect((await settingsOf(other.id)).smsEnabled).toBe(false);
  });

  it("answers 401 signed out", async () => {
    const res = await updateField(undefined, { id: "x", name: "sms_enabled", value: true });
    expect(res.status).toBe(401);
  });

  it("refuses a locked field with 403 and keeps the value", async () => {
    const me = await freshUser(services);
    await services.db
      .update(userSettings)
      .set({ salutation: "Mr. Old", lockSalutation: true })
      .where(eq(userSettings.userId, me.id));
    const res = await updateField(me.cookie, { id: me.id, name: "salutation", value: "Mr. New" });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("This field is locked. Contact us to change it.");
    expect((await settingsOf(me.id)).salutation).toBe("Mr. Old");
    // The user cannot unlock it either: the lock flags are administrator settings.
    const unlock = await updateField(me.cookie, { id: me.id, name: "lock_salutation", value: false });
    expect(unlock.status).toBe(403);
    expect((await settingsOf(me.id)).lockSalutation).toBe(true);
  });

  it("hides and refuses the testimonial name and US member for a sub-account", async () => {
    const me = await freshUser(services);
    await services.db.update(userSettings).set({ isSubAccount: true }).where(eq(userSettings.userId, me.id));
    for (const [name, value] of [
      ["testimonial_short_name", "Sub A."],
      ["us_member", false],
    ] as const) {
      const res = await updateField(me.cookie, { id: me.id, name, value });
      expect(res.status, name).toBe(403);
    }
    const s = await settingsOf(me.id);
    expect(s.testimonialShortName).toBeNull();
    expect(s.usMember).toBe(true);
    const data = await callRoute(userDataLoader as never, makeRequest(`/user-data/${me.id}`, { cookie: me.cookie }), {
      userId: me.id,
    });
    expect(data.body.data.settings).not.toHaveProperty("testimonial_short_name");
    expect(data.body.data.settings).not.toHaveProperty("us_member");
  });

  it("refuses a forged admin setting from a buyer with 403 and writes nothing", async () => {
    const me = await freshUser(services, "buyer");
    const before = await settingsOf(me.id);
    const journalBefore = (await journalOf(services, me.id)).length;
    for (const [name, value] of [
      ["buyer_low_offer_value", 50],
      ["buyer_low_offer_enabled", true],
      ["no_of_allowed_offers", 99],
      ["is_feedback_given", true],
    ] as const) {
      const res = await updateField(me.cookie, { id: me.id, name, value });
      expect(res.status, name).toBe(403);
    }
    expect(await settingsOf(me.id)).toEqual(before);
    expect((await userRow(me.id)).isFeedbackGiven).toBe(false);
    expect(await journalOf(services, me.id)).toHaveLength(journalBefore);
    // The demo buyer and an administrator signed in as themselves are refused too.
    const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
    const buyerId = await idOf("buyer@example.com");
    expect((await updateField(buyerCookie, { id: buyerId, name: "buyer_low_offer_value", value: 50 })).status).toBe(
      403,
    );
    const adminCookie = await sessionCookieFor(services, "admin@example.com");
    const adminId = await idOf("admin@example.com");
    expect((await updateField(adminCookie, { id: adminId, name: "buyer_low_offer_value", value: 50 })).status).toBe(
      403,
    );
  });

  it("lets an administrator who is impersonating change the admin settings, journalled with both identities", async () => {
    const me = await freshUser(services, "buyer");
    const cookie = await impersonate(services, me.id);
    const res = await updateField(cookie, { id: me.id, name: "buyer_low_offer_value", value: "35" });
    expect(res.status).toBe(200);
    expect((await settingsOf(me.id)).buyerLowOfferValue).toBe(35);
    const out = await updateField(cookie, { id: me.id, name: "buyer_high_offer_value", value: 500 });
    expect(out.status).toBe(400);
    const [entry] = await journalOf(services, me.id, "settings.update");
    expect(entry.actorId).toBe(me.id);
    expect(entry.impersonatorId).toBe(await idOf("admin@example.com"));
    const data = await callRoute(userDataLoader as never, makeRequest(`/user-data/${me.id}`, { cookie }), {
      userId: me.id,
    });
    expect(data.body.data.can_edit_admin_settings).toBe(true);
    expect(data.body.data.settings.buyer_low_offer_value).toBe(35);
  });

  it("switches a buyer to seller and asks for a reload; refuses a seller with listings", async () => {
    const me = await freshUser(services, "buyer");
    const res = await updateField(me.cookie, { id: me.id, name: "role", value: "seller" });
    expect(res.status).toBe(200);
    expect(res.body.data.reload).toBe(true);
    expect((await userRow(me.id)).role).toBe("seller");
    const seller = await sessionCookieFor(services, "seller@example.com");
    const sellerId = await idOf("seller@example.com");
    const refused = await updateField(seller, { id: sellerId, name: "role", value: "buyer" });
    expect(refused.status).toBe(409);
    expect((await userRow(sellerId)).role).toBe("seller");
    const admin = await updateField(me.cookie, { id: me.id, name: "role", value: "admin" });
    expect(admin.status).toBe(400);
  });
});

describe("listings.commission-text.update", () => {
  const post = (cookie: string, json: unknown) =>
    callRoute(
      commissionAction as never,
      makeRequest("/api/listings/commission-text/update", { json, cookie, headers: { accept: "application/json" } }),
    );

  it("refuses a seller who claims isAdmin, and an administrator signed in as themselves", async () => {
    const me = await freshUser(services, "seller");
    const res = await post(me.cookie, { value: "5% commission", isAdmin: true });
    expect(res.status).toBe(403);
    expect((await userRow(me.id)).adjustedCommissionText).toBeNull();
    const admin = await sessionCookieFor(services, "admin@example.com");
    expect((await post(admin, { value: "x", isAdmin: true })).status).toBe(403);
  });

  it("saves the text for an impersonating administrator", async () => {
    const me = await freshUser(services, "seller");
    const cookie = await impersonate(services, me.id);
    const res = await post(cookie, { value: "Reduced commission: 6.9%", isAdmin: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Commission text has been updated!");
    expect((await userRow(me.id)).adjustedCommissionText).toBe("Reduced commission: 6.9%");
    const [entry] = await journalOf(services, me.id, "settings.update");
    expect(entry.data).toMatchObject({ field: "adjusted_commission_text" });
  });
});

describe("/user-data/{user_id}", () => {
  const get = (cookie: string | undefined, id: string) =>
    callRoute(userDataLoader as never, makeRequest(`/user-data/${id}`, { cookie }), { userId: id });

  it("gives a user their own data, without secrets", async () => {
    const me = await freshUser(services);
    const res = await get(me.cookie, me.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: me.id, email: me.email, role: "buyer", can_edit_admin_settings: false });
    expect(res.body.data.settings.sms_enabled).toBe(false);
    expect(res.body.data.settings).not.toHaveProperty("buyer_low_offer_value");
    const text = JSON.stringify(res.body);
    const [acc] = await services.db.select().from(account).where(eq(account.userId, me.id));
    const [sess] = await services.db.select().from(session).where(eq(session.userId, me.id));
    expect(text).not.toContain(acc.password as string);
    expect(text).not.toContain(sess.token);
    expect(text).not.toMatch(/password|secret|backup/i);
  });

  it("refuses a non-admin reading another user's data with 403, and answers 401 signed out", async () => {
    const me = await freshUser(services);
    const sellerId = await idOf("seller@example.com");
    expect((await get(me.cookie, sellerId)).status).toBe(403);
    expect((await get(me.cookie, "no-such-user")).status).toBe(403);
    expect((await get(undefined, me.id)).status).toBe(401);
  });

  it("lets an administrator read anyone's data, 404 for an unknown id", async () => {
    const admin = await sessionCookieFor(services, "admin@example.com");
    const sellerId = await idOf("seller@example.com");
    const res = await get(admin, sellerId);
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe("seller@example.com");
    expect(res.body.data.settings).toHaveProperty("buyer_low_offer_value");
    expect((await get(admin, "no-such-user")).status).toBe(404);
  });
});

describe("/profile forms", () => {
  const post = (cookie: string, form: Record<string, string>) =>
    callRoute(profileAction as never, makeRequest("/profile", { form, cookie }));

  it("saves the profile information with a journal entry", async () => {
    const me = await freshUser(services, "seller");
    const res = await post(me.cookie, {
      intent: "profile-info",
      name: "Pat Seller",
      phoneNumber: "(407) 555-0100",
      addressLine1: "1 Main St",
      city: "Orlando",
      state: "FL",
      postalCode: "32801",
      country: "US",
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/profile#profile-information");
    const s = await settingsOf(me.id);
    expect(s).toMatchObject({ phoneNumber: "(407) 555-0100", addressLine1: "1 Main St", city: "Orlando" });
    expect((await userRow(me.id)).name).toBe("Pat Seller");
    const [entry] = await journalOf(services, me.id, "profile.update");
    expect(entry.data.changed).toEqual(expect.arrayContaining(["name", "phoneNumber", "addressLine1"]));
    const page = await callRoute(profileLoader as never, makeRequest("/profile", { cookie: me.cookie }));
    expect(page.body.info.city).toBe("Orlando");
  });

  it("answers 400 with field messages for a bad phone and a missing name", async () => {
    const me = await freshUser(services);
    const res = await post(me.cookie, { intent: "profile-info", name: "", phoneNumber: "12", country: "US" });
    expect(res.status).toBe(400);
    expect(res.body.fields.name[0]).toBe("Please enter your name.");
    expect(res.body.fields.phoneNumber[0]).toMatch(/at least 9 digits/);
    expect(res.body.values).toMatchObject({ intent: "profile-info", phoneNumber: "12", country: "US" });
  });

  it("changes the password, signs the other sessions out, and goes to /profile", async () => {
    const me = await freshUser(services);
    const other = await sessionCookieFor(services, me.email, me.password);
    const short = await post(me.cookie, {
      intent: "password",
      currentPassword: me.password,
      newPassword: "123",
      confirmPassword: "123",
    });
    expect(short.status).toBe(400);
    expect(short.body.fields.newPassword[0]).toBe("Password should be at least 6 characters.");
    const wrong = await post(me.cookie, {
      intent: "password",
      currentPassword: "not-it-at-all",
      newPassword: "brandnew1",
      confirmPassword: "brandnew1",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.currentPassword[0]).toBe("The current password is not correct.");

    const res = await post(me.cookie, {
      intent: "password",
      currentPassword: me.password,
      newPassword: "brandnew1",
      confirmPassword: "brandnew1",
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/profile");
    expect(res.headers.get("set-cookie")).toContain("better-auth.session_token=");
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: other }) })).toBeNull();
    await expect(sessionCookieFor(services, me.email, "brandnew1")).resolves.toContain("session_token");
    expect(await journalOf(services, me.id, "password.change")).toHaveLength(1);
  });
});
