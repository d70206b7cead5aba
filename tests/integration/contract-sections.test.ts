import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityJournal, messageTemplates, user } from "~/db/schema";
import { CONTRACT_SECTION_COUNT } from "~/modules/contracts/contract-sections.schema";
import { sampleContractInput } from "~/modules/contracts/contract-sections.server";
import { renderContractSections } from "~/modules/contracts/contracts-text.server";
import { CONTRACT_SECTIONS } from "~/modules/contracts/contracts.templates";
import { action as impersonateAction } from "~/routes/admin/impersonate";
import { action, loader } from "~/routes/admin/contract-sections";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 11: /admin/contract-sections, the administrator's editor of the contract's four section templates.
const services = await startTestServices();
const db = services.db;
const PATH = "/admin/contract-sections";

const person = async (email: string) => (await db.select().from(user).where(eq(user.email, email)))[0];
const admin = await person("admin@example.com");
const buyer = await person("buyer@example.com");
const adminCookie = await sessionCookieFor(services, admin.email);

const post = (form: Record<string, string>, cookie = adminCookie) =>
  callRoute(action as never, makeRequest(PATH, { method: "POST", form, cookie }));
const load = (cookie = adminCookie) => callRoute(loader as never, makeRequest(PATH, { cookie }));
const stored = async (key: string) =>
  (await db.select().from(messageTemplates).where(eq(messageTemplates.key, key)))[0] ?? null;
const journal = () =>
  db
    .select()
    .from(activityJournal)
    .where(eq(activityJournal.kind, "settings.contract-section"))
    .orderBy(desc(activityJournal.id));
const sections = () => renderContractSections(sampleContractInput(new Date("2026-03-03T15:00:00Z")), { db });

const S2 = CONTRACT_SECTIONS[1];
const NEW_BODY = `This addendum is part of agreement {{ agreement_number }} for {{ points }} points at {{ resort_name }}.

## Edited clause
The Buyer buys on the resale market and accepts {{ restrictions_count }} resale restrictions.`;

describe("/admin/contract-sections", () => {
  it("shows the four sections with their default text and the variables", async () => {
    const res = await load();
    expect(res.status).toBe(200);
    expect(res.body.sections).toHaveLength(CONTRACT_SECTION_COUNT);
    expect(CONTRACT_SECTIONS).toHaveLength(CONTRACT_SECTION_COUNT);
    expect(res.body.sections[1]).toMatchObject({
      number: 2,
      title: "Resale addendum",
      body: S2.text,
      overridden: false,
    });
    expect(res.body.variables.map((v: { name: string }) => v.name)).toContain("resort_name");
  });

  it("previews a draft with the sample agreement, storing nothing", async () => {
    const res = await post({ intent: "preview", section: "2", title: "Resale addendum", body: NEW_BODY });
    expect(res.status).toBe(200);
    expect(res.body.preview.text).toContain("for 160 points at Bay Lake Tower at Disney's Contemporary Resort.");
    expect(res.body.preview.text).toContain("## Edited clause");
    expect(await stored(S2.key)).toBeNull();
  });

  it("refuses a bad template with 400 next to the field, and stores nothing", async () => {
    const before = (await journal()).length;
    const unknown = await post({ intent: "save", section: "2", title: "Resale addendum", body: "Hello {{ nope }}" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.body[0]).toBe("The template has no variable “nope”.");
    const unclosed = await post({
      intent: "save",
      section: "2",
      title: "Resale addendum",
      body: "{% if harpta_applies %}Hawaii",
    });
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.fields.body[0]).toMatch(/^The template cannot be read: /);
    const badTitle = await post({ intent: "preview", section: "2", title: "{{ nope }}", body: S2.text });
    expect(badTitle.status).toBe(400);
    expect(badTitle.body.fields.title[0]).toBe("The template has no variable “nope”.");
    expect(await stored(S2.key)).toBeNull();
    expect((await journal()).length).toBe(before);
  });

  it("saves an override that renderContractSections renders next, and journals it", async () => {
    const res = await post({
      intent: "save",
      section: "2",
      title: "Resale addendum (edited)",
      body: NEW_BODY.replace(/\n/g, "\r\n"),
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${PATH}#section-2`);
    const row = await stored(S2.key);
    expect(row).toMatchObject({ subject: "Resale addendum (edited)", text: NEW_BODY, html: null, updatedBy: admin.id });
    const [, s2] = await sections();
    expect(s2.title).toBe("Resale addendum (edited)");
    expect(s2.text).toContain("## Edited clause");
    expect(s2.text).not.toContain("Membership extras");
    const [entry] = await journal();
    expect(entry.userId).toBe(admin.id);
    expect(entry.summary).toContain("Changed contract section 2 (Resale addendum (edited)): title “Resale addendum” →");
    expect(entry.summary).toMatch(
      new RegExp(`text ${S2.text.length.toLocaleString("en-US")} → ${NEW_BODY.length} characters`),
    );
    const page = await load();
    expect(page.body.sections[1]).toMatchObject({
      title: "Resale addendum (edited)",
      body: NEW_BODY,
      overridden: true,
    });
  });

  it("restores the default: the override is deleted and the default renders again", async () => {
    const res = await post({ intent: "restore", section: "2" });
    expect(res.status).toBe(303);
    expect(await stored(S2.key)).toBeNull();
    const [, s2] = await sections();
    expect(s2.title).toBe("Resale addendum");
    expect(s2.text).toContain("Membership extras");
    const [entry] = await journal();
    expect(entry.summary).toBe("Restored the default text of contract section 2 (Resale addendum).");
  });

  it("stores nothing when a save equals the default", async () => {
    const res = await post({
      intent: "save",
      section: "3",
      title: CONTRACT_SECTIONS[2].subject ?? "",
      body: CONTRACT_SECTIONS[2].text,
    });
    expect(res.status).toBe(303);
    expect(await stored(CONTRACT_SECTIONS[2].key)).toBeNull();
  });

  it("refuses a section that does not exist and an unknown intent", async () => {
    expect((await post({ intent: "restore", section: "9" })).status).toBe(400);
    expect((await post({ intent: "nothing", section: "1" })).status).toBe(400);
  });

  it("refuses anyone but an administrator, and an administrator signed in as someone else", async () => {
    const buyerCookie = await sessionCookieFor(services, buyer.email);
    const asBuyer = await load(buyerCookie);
    expect(asBuyer.status).toBe(302);
    expect(asBuyer.location).toBe("/");
    const save = await post({ intent: "save", section: "1", title: "Mine", body: "Mine" }, buyerCookie);
    expect([302, 403]).toContain(save.status);
    const anon = await callRoute(loader as never, makeRequest(PATH));
    expect(anon.status).toBe(302);

    const imp = await callRoute(
      impersonateAction as never,
      makeRequest(`/admin/users/impersonate/${buyer.userUniqid}`, {
        method: "POST",
        cookie: adminCookie,
        headers: { accept: "application/json" },
      }),
      { user_uniqid: buyer.userUniqid },
    );
    expect(imp.status).toBe(200);
    const impCookie = applySetCookies(adminCookie, imp.headers.getSetCookie());
    const page = await load(impCookie);
    expect(page.status).toBe(200);
    expect(page.body).toBeNull();
    const impSave = await post({ intent: "save", section: "1", title: "Mine", body: "Mine" }, impCookie);
    expect([302, 403]).toContain(impSave.status);
    expect(await stored(CONTRACT_SECTIONS[0].key)).toBeNull();
    const rows = await db
      .select()
      .from(messageTemplates)
      .where(and(like(messageTemplates.key, "contract-section-%")));
    expect(rows).toHaveLength(0);
  });
});
