import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, messageTemplates, resourceRevisions } from "~/db/schema";
import { RESET_PASSWORD_MAIL } from "~/modules/accounts/accounts.templates";
import { OFFER_EVENT_SMS, OFFER_SUBMITTED_MAIL } from "~/modules/offers/offers.templates";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { BANKING_REMINDER_SMS } from "~/modules/reminders/reminders.templates";
import { MAIL_AND_SMS_TEMPLATES } from "~/modules/notifications/message-templates.catalogue";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { loader as viewLoader } from "~/routes/admin/resource/view";
import { latestJournalEntry } from "../fixtures/journal";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
const writerCookie = await sessionCookieFor(services, "writer@example.com");

const BASE = "/admin/email-templates";
type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  const url = new URL(request.url);
  return callRoute(((a: object) => fn({ ...a, pattern, url })) as never, request, params);
}
const list = (qs = "", cookie = adminCookie) => call(listLoader, BASE, `${BASE}${qs}`, { cookie });
const editForm = (key: string, cookie = adminCookie) =>
  call(formLoader, `${BASE}/:id/edit`, `${BASE}/${key}/edit`, { cookie }, { id: key });
const save = (key: string, form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${BASE}/:id/edit`, `${BASE}/${key}/edit`, { method: "POST", form, cookie }, { id: key });
const page = (key: string, qs = "", cookie = adminCookie) =>
  call(viewLoader, `${BASE}/:id`, `${BASE}/${key}${qs}`, { cookie }, { id: key });
const post = (form: Record<string, string>, cookie = adminCookie) =>
  call(listAction, BASE, BASE, { method: "POST", form, cookie });
const stored = async (key: string) =>
  (await db.select().from(messageTemplates).where(eq(messageTemplates.key, key)))[0] ?? null;
const lastMailTo = async (to: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];

const RESET = RESET_PASSWORD_MAIL;
const resetForm = (over: Partial<Record<"subject" | "text" | "html", string>> = {}) => ({
  subject: RESET.subject ?? "",
  text: RESET.text,
  html: RESET.html ?? "",
  ...over,
});

describe("/admin/email-templates: code rows with stored overrides", () => {
  it("lists every mail and SMS template from code, Default until edited, searchable and filterable", async () => {
    const res = await list("?perPage=100");
    expect(res.status).toBe(200);
    const keys = res.body.rows.map((r: { id: string }) => r.id).sort();
    expect(keys).toEqual(MAIL_AND_SMS_TEMPLATES.map((t) => t.key).sort());
    expect(res.body.total).toBeGreaterThan(30);
    expect(res.body.rows.every((r: { cells: { edited: boolean } }) => r.cells.edited === false)).toBe(true);

    const found = await list("?q=forgot+password");
    expect(found.body.rows.map((r: { id: string }) => r.id)).toEqual(["reset-password"]);
    const sms = await list("?f.kind=Text+message");
    // Issue 33 added the banking reminder's text message.
    expect(sms.body.rows.map((r: { id: string }) => r.id)).toEqual([BANKING_REMINDER_SMS.key, OFFER_EVENT_SMS.key]);
    // Restore is offered only on an edited row; the test mail only on a row's page.
    const reset = res.body.rows.find((r: { id: string }) => r.id === "reset-password");
    expect(reset.actions).toEqual([]);
  });

  it("saves an override that sendTemplatedMail then uses; Edited in the list; restoring the default sends the default again", async () => {
    const form = await editForm("reset-password");
    expect(form.status).toBe(200);
    expect(form.body.values.subject).toBe(RESET.subject);
    expect(form.body.aside.terms.map((t: { term: string }) => t.term)).toEqual(
      expect.arrayContaining(["site", "site_url", "link"]),
    );

    const res = await save("reset-password", resetForm({ subject: "{{ site }}: choose a new password" }));
    expect(res.status).toBe(303);
    // Only the part that differs is stored: the text and HTML follow the code's default.
    expect(await stored("reset-password")).toMatchObject({
      subject: "{{ site }}: choose a new password",
      text: null,
      html: null,
      updatedBy: expect.any(String),
    });
    const edited = await list("?f.edited=yes");
    expect(edited.body.rows.map((r: { id: string }) => r.id)).toEqual(["reset-password"]);
    expect(edited.body.rows[0].actions.map((a: { intent: string }) => a.intent)).toEqual(["restore-default"]);

    await sendTemplatedMail(services, {
      template: RESET,
      to: "override@example.com",
      vars: { link: "https://x.test/r" },
    });
    expect((await lastMailTo("override@example.com")).subject).toMatch(/: choose a new password$/);

    const restored = await post({ intent: "restore-default", id: "reset-password" });
    expect(restored.status).toBe(303);
    expect(await stored("reset-password")).toBeNull();
    expect((await latestJournalEntry(db)).summary).toMatch(/reset-password.*restored to the default/);
    await sendTemplatedMail(services, {
      template: RESET,
      to: "default@example.com",
      vars: { link: "https://x.test/r" },
    });
    expect((await lastMailTo("default@example.com")).subject).toMatch(/: reset your password$/);
    // The override that was removed is kept as a version.
    const kept = await db
      .select()
      .from(resourceRevisions)
      .where(
        and(eq(resourceRevisions.resource, "admin.email-templates"), eq(resourceRevisions.rowKey, "reset-password")),
      );
    expect(kept.at(-1)?.values).toMatchObject({ subject: "{{ site }}: choose a new password" });
  });

  it("refuses Liquid that does not parse, or an unknown variable, with 422 and the parser's message; nothing stored", async () => {
    const bad = await save("email-changed", {
      subject: "{{ site }}: changed",
      text: "Line one\n{% if email %}no end",
      html: "<p>{{ nobody }}</p>",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields.text[0]).toMatch(/^Text version: The template cannot be read: .*line:2/);
    expect(bad.body.fields.html[0]).toBe("HTML version: The template has no variable “nobody”.");
    expect(await stored("email-changed")).toBeNull();
    // A text message has no subject.
    const sms = await save(OFFER_EVENT_SMS.key, { subject: "Hi", text: OFFER_EVENT_SMS.text, html: "" });
    expect(sms.status).toBe(422);
    expect(await stored(OFFER_EVENT_SMS.key)).toBeNull();
    expect((await save("no-such-template", resetForm())).status).toBe(404);
  });

  it("stores what differs from the default only, as the contract sections' editor does: back to the default removes the row", async () => {
    await save("otp-sign-in", { subject: "{{ site }}: your pin", text: "Pin {{ pin }}.", html: "<p>{{ pin }}</p>" });
    expect(await stored("otp-sign-in")).toMatchObject({ subject: "{{ site }}: your pin", text: "Pin {{ pin }}." });
    const def = MAIL_AND_SMS_TEMPLATES.find((t) => t.key === "otp-sign-in");
    // The default's words typed back (with a textarea's CRLF) are the default again: no override is left.
    const back = await save("otp-sign-in", {
      subject: def?.subject ?? "",
      text: (def?.text ?? "").replace(/\n/g, "\r\n"),
      html: def?.html ?? "",
    });
    expect(back.status).toBe(303);
    expect(await stored("otp-sign-in")).toBeNull();
    // The contract's sections are edited at /admin/contract-sections, not listed here.
    const all = await list("?perPage=100");
    expect(all.body.rows.some((r: { id: string }) => r.id.startsWith("contract-section"))).toBe(false);
  });

  it("lets only administrators in: a writer and a buyer are sent away and write nothing", async () => {
    for (const cookie of [writerCookie, buyerCookie]) {
      const seen = await list("", cookie);
      expect(seen.status).toBe(302);
      const wrote = await save("email-changed", { subject: "x", text: "x", html: "x" }, cookie);
      expect(wrote.status).toBe(302);
      const test = await post({ intent: "send-test", id: "email-changed" }, cookie);
      expect(test.status).toBe(302);
    }
    expect(await stored("email-changed")).toBeNull();
  });

  it("previews a template with its sample values in the mail layout, and mails the administrator a test", async () => {
    await save(OFFER_SUBMITTED_MAIL.key, {
      subject: "Offer for {{ listing_name }} at {{ price }}",
      text: OFFER_SUBMITTED_MAIL.text,
      html: OFFER_SUBMITTED_MAIL.html ?? "",
    });
    const res = await page(OFFER_SUBMITTED_MAIL.key);
    expect(res.status).toBe(200);
    const preview = res.body.sections[0];
    expect(preview.items.find((i: { label: string }) => i.label === "Subject").value).toBe(
      "Offer for Bay Lake Tower, 160 points (L-1042) at $150/pt",
    );
    const doc = preview.items.find((i: { format: string }) => i.format === "document");
    expect(doc.widths).toEqual([375, 640]);
    expect(doc.value).toContain("<!doctype html>");
    expect(doc.value).toContain("We would love to close before our December trip.");
    expect(res.body.actions.map((a: { intent: string }) => a.intent)).toEqual(["restore-default", "send-test"]);

    const sent = await post({ intent: "send-test", id: OFFER_SUBMITTED_MAIL.key });
    expect(sent.status).toBe(303);
    const mail = await lastMailTo("admin@example.com");
    expect(mail).toMatchObject({
      template: OFFER_SUBMITTED_MAIL.key,
      subject: "[Test] Offer for Bay Lake Tower, 160 points (L-1042) at $150/pt",
    });
    expect(mail.html).toContain("$24,000");
  });
});

describe("/admin/email-templates: revisions", () => {
  const KEY = "email-change-pin";
  const pinForm = (subject: string, text = "Your {{ site }} pin is {{ pin }}.") => ({
    subject,
    text,
    html: "<p>Your pin is <strong>{{ pin }}</strong>.</p>",
  });

  it("keeps the previous version on each save, diffs two, restores one (a journaled save)", async () => {
    expect((await save(KEY, pinForm("Pin one"))).status).toBe(303);
    expect((await save(KEY, pinForm("Pin two", "Your {{ site }} pin is {{ pin }}.\nIt expires soon."))).status).toBe(
      303,
    );
    expect((await save(KEY, pinForm("Pin three", "Your pin: {{ pin }}.\nIt expires soon."))).status).toBe(303);

    const res = await page(KEY);
    const versions = res.body.revisions.versions;
    expect(versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(versions[1].savedBy).toBeTruthy();

    const diff = await page(KEY, "?from=1&to=3");
    const fields = diff.body.revisions.compare.fields;
    expect(fields.map((f: { label: string }) => f.label)).toEqual(["Subject", "Text version"]);
    expect(fields[1].lines).toEqual([
      { kind: "removed", text: "Your {{ site }} pin is {{ pin }}." },
      { kind: "added", text: "Your pin: {{ pin }}." },
      { kind: "added", text: "It expires soon." },
    ]);

    const restored = await post({ intent: "restore-version", id: KEY, version: "1" });
    expect(restored.status).toBe(303);
    expect(restored.location).toBe(`${BASE}/${KEY}`);
    expect(await stored(KEY)).toMatchObject(pinForm("Pin one"));
    const entry = await latestJournalEntry(db);
    expect(entry.summary).toMatch(/^Restored template “email-change-pin” to version 1: Subject, Text version\.$/);
    expect(entry.data).toMatchObject({ resource: "admin.email-templates", restoredFrom: 1 });
    // The replaced wording is itself kept: version 3 is "Pin three".
    const after = await page(KEY, "?from=3&to=4");
    expect(after.body.revisions.versions[0]).toMatchObject({ version: 4, current: true });
    expect(after.body.revisions.compare.fields[0].lines).toEqual([
      { kind: "removed", text: "Pin three" },
      { kind: "added", text: "Pin one" },
    ]);
    // A version the row does not have is a 404; a buyer cannot restore.
    expect((await post({ intent: "restore-version", id: KEY, version: "99" })).status).toBe(404);
    expect((await post({ intent: "restore-version", id: KEY, version: "1" }, buyerCookie)).status).toBe(302);
  });
});
