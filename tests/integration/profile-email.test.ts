import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, settings, user, verification } from "~/db/schema";
import { action as checkAction } from "~/routes/api/email-check-exists";
import { action as sendAction } from "~/routes/api/email-send-pin";
import { action as updateAction } from "~/routes/api/email-update";
import { action as pendingAction } from "~/routes/api/email-verification-pin";
import { action as verifyAction } from "~/routes/api/email-verify-pin";
import { action as profileAction, loader as profileLoader } from "~/routes/profile/profile";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";
import { freshUser, journalOf, latestPin } from "./profile-helpers";

const services = await startTestServices();

const call = (fn: unknown, path: string, json: unknown, cookie?: string) =>
  callRoute(fn as never, makeRequest(path, { json, cookie, headers: { accept: "application/json" } }));

const newAddress = () => `new-${Math.random().toString(36).slice(2, 10)}@example.net`;
const wrongPin = (pin: string) => String((Number(pin) + 1) % 10_000).padStart(4, "0");
const emailOf = async (id: string) => (await services.db.select().from(user).where(eq(user.id, id)))[0].email;

describe("the email change calls", () => {
  it("all refuse a signed-out caller with 401", async () => {
    for (const [fn, path, body] of [
      [checkAction, "/check-email-exists", { email: "buyer@example.com" }],
      [sendAction, "/send-email-pin", { email: newAddress() }],
      [verifyAction, "/verify-email-pin", { email: newAddress(), email_pin: "1234" }],
      [updateAction, "/update-email", { email: newAddress() }],
      [pendingAction, "/verification/email-pin", { pin: "1234" }],
    ] as const) {
      const res = await call(fn, path, body);
      expect(res.status, path).toBe(401);
    }
  });

  it("check-email-exists answers true for a registered address, false otherwise, and checks the pattern", async () => {
    const me = await freshUser(services);
    expect((await call(checkAction, "/check-email-exists", { email: "Buyer@Example.com" }, me.cookie)).body.data).toBe(
      true,
    );
    expect((await call(checkAction, "/check-email-exists", { email: newAddress() }, me.cookie)).body.data).toBe(false);
    const bad = await call(checkAction, "/check-email-exists", { email: "nope@nowhere" }, me.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Email address is invalid, enter correct email.");
  });

  it("refuses to send a pin to a taken address with 'Email already exists' and sends nothing", async () => {
    const me = await freshUser(services);
    const res = await call(sendAction, "/send-email-pin", { email: "seller@example.com" }, me.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("Email already exists");
    const mails = await services.db.select().from(mailOutbox).where(eq(mailOutbox.template, "email-change-pin"));
    expect(mails.some((m) => m.to === "seller@example.com")).toBe(false);
  });

  it("changes the email with the pin sent to the new address, and journals it", async () => {
    const me = await freshUser(services);
    const to = newAddress();
    const sent = await call(sendAction, "/send-email-pin", { email: to }, me.cookie);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toBe(true);
    const pin = await latestPin(services, to);
    expect(pin).toMatch(/^\d{4}$/);
    // The pin is stored as a hash, never as the pin itself.
    const [row] = await services.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `email-change:${me.id}`));
    expect(row.value).not.toContain(`"${pin}"`);

    // Updating before the pin is verified is refused.
    const early = await call(updateAction, "/update-email", { email: to }, me.cookie);
    expect(early.status).toBe(400);
    expect(await emailOf(me.id)).toBe(me.email);

    const verified = await call(verifyAction, "/verify-email-pin", { email: to, email_pin: pin }, me.cookie);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toBe(true);
    // Another address than the verified one is refused.
    const other = await call(updateAction, "/update-email", { email: newAddress() }, me.cookie);
    expect(other.status).toBe(400);

    const updated = await call(updateAction, "/update-email", { email: to }, me.cookie);
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe("Email updated successfully!");
    expect(updated.body.redirectTo).toBe("/profile");
    const [after] = await services.db.select().from(user).where(eq(user.id, me.id));
    expect(after.email).toBe(to);
    expect(after.emailVerified).toBe(true);
    const entries = await journalOf(services, me.id, "email.change");
    expect(entries[0].data).toMatchObject({ from: me.email, to });
    expect(entries[0].actorId).toBe(me.id);
    // The pending change is gone, and the old address was told.
    expect(
      await services.db
        .select()
        .from(verification)
        .where(eq(verification.identifier, `email-change:${me.id}`)),
    ).toHaveLength(0);
    const notices = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.email));
    expect(notices.some((m) => m.template === "email-changed")).toBe(true);
  });

  it("a wrong pin gets 'Email pin you provided is wrong.' and changes nothing", async () => {
    const me = await freshUser(services);
    const to = newAddress();
    await call(sendAction, "/send-email-pin", { email: to }, me.cookie);
    const pin = (await latestPin(services, to)) as string;
    const res = await call(verifyAction, "/verify-email-pin", { email: to, email_pin: wrongPin(pin) }, me.cookie);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Email pin you provided is wrong.");
    const update = await call(updateAction, "/update-email", { email: to }, me.cookie);
    expect(update.status).toBe(400);
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it("allows five tries: the sixth is refused even with the right pin", async () => {
    const me = await freshUser(services);
    const to = newAddress();
    await call(sendAction, "/send-email-pin", { email: to }, me.cookie);
    const pin = (await latestPin(services, to)) as string;
    for (let i = 0; i < 5; i++) {
      const res = await call(verifyAction, "/verify-email-pin", { email: to, email_pin: wrongPin(pin) }, me.cookie);
      expect(res.status, `try ${i + 1}`).toBe(400);
      expect(res.body.error).toBe("Email pin you provided is wrong.");
    }
    const sixth = await call(verifyAction, "/verify-email-pin", { email: to, email_pin: pin }, me.cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe("Too many wrong pins. Ask for a new pin.");
    expect((await call(updateAction, "/update-email", { email: to }, me.cookie)).status).toBe(400);
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it("an expired pin is refused", async () => {
    const me = await freshUser(services);
    const to = newAddress();
    await call(sendAction, "/send-email-pin", { email: to }, me.cookie);
    const pin = (await latestPin(services, to)) as string;
    await services.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `email-change:${me.id}`));
    const res = await call(verifyAction, "/verify-email-pin", { email: to, email_pin: pin }, me.cookie);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("This pin has expired. Ask for a new pin.");
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it("refuses the update when someone else took the address after the pin was verified", async () => {
    const me = await freshUser(services);
    const rival = await freshUser(services);
    const to = newAddress();
    await call(sendAction, "/send-email-pin", { email: to }, me.cookie);
    const pin = (await latestPin(services, to)) as string;
    await call(verifyAction, "/verify-email-pin", { email: to, email_pin: pin }, me.cookie);
    await services.db.update(user).set({ email: to }).where(eq(user.id, rival.id));
    const res = await call(updateAction, "/update-email", { email: to }, me.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("Email already exists");
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it("rate-limits sending per user", async () => {
    const me = await freshUser(services);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(sendAction, "/send-email-pin", { email: newAddress() }, me.cookie)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it("rate-limits sending per address, across users", async () => {
    const to = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await freshUser(services);
      statuses.push((await call(sendAction, "/send-email-pin", { email: to }, u.cookie)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("/verification/email-pin verifies the pending change and updates the email in one call", async () => {
    const me = await freshUser(services);
    const to = newAddress();
    await call(sendAction, "/send-email-pin", { email: to }, me.cookie);
    const pin = (await latestPin(services, to)) as string;
    const wrong = await call(pendingAction, "/verification/email-pin", { pin: wrongPin(pin) }, me.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("Email pin you provided is wrong.");
    const res = await call(pendingAction, "/verification/email-pin", { pin }, me.cookie);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Email updated successfully!");
    expect(await emailOf(me.id)).toBe(to);
  });

  it("works as a plain form sequence on /profile without JavaScript", async () => {
    const me = await freshUser(services);
    const to = newAddress();
    const sent = await callRoute(
      profileAction as never,
      makeRequest("/profile", { form: { intent: "email-send-pin", email: to }, cookie: me.cookie }),
    );
    expect(sent.status).toBe(303);
    const page = await callRoute(profileLoader as never, makeRequest("/profile", { cookie: me.cookie }));
    expect(page.body.pendingEmail).toBe(to);
    const pin = (await latestPin(services, to)) as string;
    const done = await callRoute(
      profileAction as never,
      makeRequest("/profile", { form: { intent: "email-confirm", pin }, cookie: me.cookie }),
    );
    expect(done.status).toBe(303);
    expect(done.location).toBe("/profile");
    expect(await emailOf(me.id)).toBe(to);
  });

  it("updates directly when email verification is switched off", async () => {
    await services.db.insert(settings).values({ key: "email_verification_enabled", value: false });
    try {
      const me = await freshUser(services);
      const to = newAddress();
      const res = await call(updateAction, "/update-email", { email: to }, me.cookie);
      expect(res.status).toBe(200);
      expect(await emailOf(me.id)).toBe(to);
      const taken = await call(updateAction, "/update-email", { email: "buyer@example.com" }, me.cookie);
      expect(taken.status).toBe(409);
    } finally {
      await services.db.delete(settings).where(like(settings.key, "email_verification_enabled"));
    }
  });

  it("answers 502 with the SPEC's message when the pin cannot be sent, and keeps no pending change", async () => {
    const me = await freshUser(services);
    const original = services.mailer.send;
    services.mailer.send = async () => {
      throw new Error("smtp down");
    };
    try {
      const res = await call(sendAction, "/send-email-pin", { email: newAddress() }, me.cookie);
      expect(res.status).toBe(502);
      expect(res.body.error).toBe("Some error in sending email pincode, try again.");
    } finally {
      services.mailer.send = original;
    }
    expect(
      await services.db
        .select()
        .from(verification)
        .where(eq(verification.identifier, `email-change:${me.id}`)),
    ).toHaveLength(0);
  });
});
