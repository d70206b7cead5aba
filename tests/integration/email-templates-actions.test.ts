import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailEventActions, mailOutbox } from "~/db/schema";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { MAIL_EVENTS } from "~/modules/notifications/mail-events";
import { templateByKey } from "~/modules/notifications/message-templates.catalogue";
import { action as formAction } from "~/routes/admin/resource/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/** Issue 33: /admin/email-templates-actions switches a mail event off, or has it send another template. */
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");

const BASE = "/admin/email-templates-actions";
type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const list = (qs = "", cookie = adminCookie) => call(listLoader, BASE, `${BASE}${qs}`, { cookie });
const save = (event: string, form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${BASE}/:id/edit`, `${BASE}/${event}/edit`, { method: "POST", form, cookie }, { id: event });
const post = (form: Record<string, string>, cookie = adminCookie) =>
  call(listAction, BASE, BASE, { method: "POST", form, cookie });
const stored = async (event: string) =>
  (await db.select().from(mailEventActions).where(eq(mailEventActions.event, event)))[0] ?? null;

function template(key: string) {
  const t = templateByKey(key);
  if (!t) throw new Error(`no template ${key}`);
  return t;
}

/** Sends the event's mail with its own sample values, as the offers module would; returns the outbox row. */
async function sendEvent(key: string, to: string) {
  const t = template(key);
  await sendTemplatedMail({ db, mailer: services.mailer }, { template: t, to, vars: t.sample ?? {} });
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return row;
}

describe("/admin/email-templates-actions", () => {
  it("lists every mail event from code, each sending its own template, switched on", async () => {
    const res = await list("?perPage=100");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(MAIL_EVENTS.length);
    const accepted = res.body.rows.find((r: { id: string }) => r.id === "offer-accepted");
    expect(accepted.cells.templateKey).toBe("offer-accepted");
    expect(accepted.cells.enabled).toBe(true);
    expect(accepted.cells.changed).toBe(false);
  });

  it("an event switched off sends nothing and the mail log says so", async () => {
    const res = await save("offer-accepted", { templateKey: "offer-accepted" });
    expect(res.status).toBe(303);
    expect(await stored("offer-accepted")).toMatchObject({ enabled: false, templateKey: null });

    const row = await sendEvent("offer-accepted", "switched-off@example.com");
    expect(row.status).toBe("skipped");
    expect(row.lastError).toBe(
      "Not sent: the event “offer-accepted” is switched off at /admin/email-templates-actions.",
    );
    // Another event still sends.
    expect((await sendEvent("offer-declined", "still-on@example.com")).status).toBe("kept");

    // Switched on again: sent, and the stored row is gone (nothing differs from the default).
    expect((await save("offer-accepted", { templateKey: "offer-accepted", enabled: "on" })).status).toBe(303);
    expect(await stored("offer-accepted")).toBeNull();
    expect((await sendEvent("offer-accepted", "switched-on@example.com")).status).toBe("kept");
  });

  it("an event may send another template written for the same values, and is restored to its own", async () => {
    expect((await save("offer-expired", { templateKey: "offer-withdrawn", enabled: "on" })).status).toBe(303);
    const row = await sendEvent("offer-expired", "chosen@example.com");
    expect(row.template).toBe("offer-withdrawn");
    expect(row.status).toBe("kept");

    const restored = await post({ intent: "restore-default", id: "offer-expired" });
    expect(restored.status).toBe(303);
    expect(await stored("offer-expired")).toBeNull();
    expect((await sendEvent("offer-expired", "restored@example.com")).template).toBe("offer-expired");
  });

  it("refuses a template written for other values, and writes nothing", async () => {
    const res = await save("offer-accepted", { templateKey: "reset-password", enabled: "on" });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain(
      "“reset-password” is written for other values than the event “offer-accepted” supplies.",
    );
    const unknown = await save("offer-accepted", { templateKey: "no-such-template", enabled: "on" });
    expect(unknown.status).toBe(400);
    expect(await stored("offer-accepted")).toBeNull();
  });

  it("lets only administrators change an event", async () => {
    expect((await list("", buyerCookie)).status).toBe(302);
    expect((await save("offer-countered", { templateKey: "offer-countered" }, buyerCookie)).status).toBe(302);
    expect(await stored("offer-countered")).toBeNull();
    const sent = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, "offer-countered"), eq(mailOutbox.status, "skipped")));
    expect(sent).toHaveLength(0);
  });
});
