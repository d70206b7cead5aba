import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { activityJournal, brokers, listings, menuItems, quickFacts } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { resourceRoutes } from "~/modules/admin/resource-routes";
import { RESOURCES } from "~/modules/admin/resources.registry";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { loader as exportLoader } from "~/routes/admin/resource/export";
import { action as importAction } from "~/routes/admin/resource/import";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { loader as mediaLoader } from "~/routes/public/media";
import { loader as brokerListingLoader } from "~/routes/public/broker-listing";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { latestJournalEntry } from "../fixtures/journal";

const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
const writerCookie = await sessionCookieFor(services, "writer@example.com");

type Fn = (args: any) => unknown;
/** Calls an engine route as React Router would: with the matched pattern and the normalized URL. */
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  const url = new URL(request.url);
  return callRoute(((a: object) => fn({ ...a, pattern, url })) as never, request, params);
}
const list = (path: string, cookie = adminCookie) => call(listLoader, path.split("?")[0], path, { cookie });
const create = (base: string, form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${base}/create`, `${base}/create`, { method: "POST", form, cookie });
const edit = (base: string, id: number, form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${base}/:id/edit`, `${base}/${id}/edit`, { method: "POST", form, cookie }, { id: String(id) });
const latestJournal = () => latestJournalEntry(db);
const journalCount = async () =>
  (await db.select().from(activityJournal).where(eq(activityJournal.kind, "admin.resource"))).length;

describe("the admin resource engine: brokers", () => {
  it("lists brokers with search, filter, sort and page size from the query string", async () => {
    const res = await list("/admin/brokers");
    expect(res.status).toBe(200);
    expect(res.body.meta.title).toBe("Brokers");
    expect(res.body.meta.can).toMatchObject({ create: true, update: true, delete: true, import: true, export: true });
    const names = res.body.rows.map((r: { title: string }) => r.title);
    expect(names.length).toBeGreaterThan(0);
    // Each broker's active listings are counted (the demo spreads its broker listings over its brokers).
    const counted = res.body.rows.map((r: { cells: { listings: number } }) => r.cells.listings);
    expect(counted.every((n: number) => Number.isInteger(n))).toBe(true);
    expect(counted.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b))).toEqual(names);

    const desc = await list("/admin/brokers?sort=name&dir=desc&perPage=10");
    expect(desc.body.perPage).toBe(10);
    expect(desc.body.rows.map((r: { title: string }) => r.title)).toEqual([...names].reverse().slice(0, 10));

    const none = await list("/admin/brokers?q=no-such-broker-zzz");
    expect(none.body.rows).toHaveLength(0);
    const inactive = await list("/admin/brokers?f.active=no");
    expect(inactive.body.rows.every((r: { cells: { active: boolean } }) => r.cells.active === false)).toBe(true);
    // A hand-edited query string falls back to the defaults instead of failing.
    const odd = await list("/admin/brokers?sort=password&dir=sideways&page=-3&perPage=7");
    expect(odd.status).toBe(200);
    expect(odd.body.sort).toEqual({ column: "name", dir: "asc" });
    expect(odd.body.perPage).toBe(25);
  });

  it("creates a broker: 303 back to the list with a toast, the row, a slug and a journal entry naming it", async () => {
    const res = await create("/admin/brokers", {
      name: "Harbor Point Resale",
      website: "https://harbor-point.example",
      commission_text: "8% of the sale price, paid at closing",
      is_active: "on",
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/brokers");
    const [row] = await db.select().from(brokers).where(eq(brokers.name, "Harbor Point Resale"));
    expect(row).toMatchObject({
      slug: "harbor-point-resale",
      isActive: true,
      commissionText: "8% of the sale price, paid at closing",
    });
    expect((await latestJournal()).summary).toBe("Created broker “Harbor Point Resale”.");
  });

  it("refuses bad input with a message per field and writes nothing", async () => {
    const before = await db.select().from(brokers);
    const journals = await journalCount();
    const res = await create("/admin/brokers", {
      name: "X",
      website: "javascript:alert(1)",
      commission_text: "a\u0007b",
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["commission_text", "name", "website"]);
    expect(res.body.fields.website[0]).toMatch(/full address/);
    expect(res.body.values.name).toBe("X"); // shown again without JavaScript
    expect(await db.select().from(brokers)).toHaveLength(before.length);
    expect(await journalCount()).toBe(journals);
  });

  it("saves an edit and journals the changed fields by their labels; a second broker of the same name is a 409", async () => {
    const [row] = await db.select().from(brokers).where(eq(brokers.name, "Harbor Point Resale"));
    const res = await edit("/admin/brokers", row.id, {
      name: "Harbor Point Resale",
      website: "https://harborpoint.example",
      commission_text: "8% of the sale price, paid at closing",
    });
    expect(res.status).toBe(303);
    expect((await latestJournal()).summary).toBe(
      "Changed broker “Harbor Point Resale”: Website, Active (shown in the listing filters).",
    );
    const [after] = await db.select().from(brokers).where(eq(brokers.id, row.id));
    expect(after).toMatchObject({
      website: "https://harborpoint.example",
      isActive: false,
      slug: "harbor-point-resale",
    });

    const dup = await create("/admin/brokers", { name: "Harbor Point Resale", is_active: "on" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatch(/Another broker already has this/);
  });

  it("serves the edit form with the stored values, and a 404 for an unknown or malformed id", async () => {
    const [row] = await db.select().from(brokers).where(eq(brokers.name, "Harbor Point Resale"));
    const res = await call(
      formLoader,
      "/admin/brokers/:id/edit",
      `/admin/brokers/${row.id}/edit`,
      { cookie: adminCookie },
      { id: String(row.id) },
    );
    expect(res.status).toBe(200);
    expect(res.body.values).toMatchObject({
      name: "Harbor Point Resale",
      website: "https://harborpoint.example",
      is_active: false,
    });
    for (const id of ["999999", "1;drop", "99999999999"]) {
      const missing = await call(
        formLoader,
        "/admin/brokers/:id/edit",
        `/admin/brokers/${id}/edit`,
        { cookie: adminCookie },
        { id },
      );
      expect(missing.status).toBe(404);
    }
  });

  it("lets only administrators in: a writer is sent away, a buyer's write is refused and nothing is written", async () => {
    const writer = await list("/admin/brokers", writerCookie);
    expect(writer.status).toBe(302);
    expect(writer.location).toBe("/");
    const before = await db.select().from(brokers);
    const buyer = await create("/admin/brokers", { name: "Sneaky Broker", is_active: "on" }, buyerCookie);
    expect(buyer.status).toBe(302);
    expect(buyer.location).toBe("/");
    expect(await db.select().from(brokers)).toHaveLength(before.length);
  });

  it("deletes in bulk in one transaction, with one journal entry", async () => {
    await create("/admin/brokers", { name: "Temp Broker One", is_active: "on" });
    await create("/admin/brokers", { name: "Temp Broker Two", is_active: "on" });
    const temp = await db.select().from(brokers).where(like(brokers.name, "Temp Broker%"));
    const journals = await journalCount();
    const res = await call(listAction, "/admin/brokers", "/admin/brokers?q=Temp", {
      method: "POST",
      form: { intent: "delete", ids: temp.map((t) => String(t.id)) },
      cookie: adminCookie,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/brokers?q=Temp");
    expect(await db.select().from(brokers).where(like(brokers.name, "Temp Broker%"))).toHaveLength(0);
    expect(await journalCount()).toBe(journals + 1);
    expect((await latestJournal()).summary).toBe("Deleted 2 brokers: Temp Broker One, Temp Broker Two.");
    // One id that is gone makes the whole delete a 404, nothing deleted.
    const again = await call(listAction, "/admin/brokers", "/admin/brokers", {
      method: "POST",
      form: { intent: "delete", ids: [String(temp[0].id)] },
      cookie: adminCookie,
    });
    expect(again.status).toBe(404);
  });

  it("exports CSV with the list's filters and neutralizes formulas", async () => {
    await create("/admin/brokers", { name: "=HYPERLINK(1) Brokers", is_active: "on" });
    const request = makeRequest("/admin/brokers/export.csv?q=HYPERLINK", { cookie: adminCookie });
    const out = (await exportLoader({
      request,
      params: {},
      context: {},
      pattern: "/admin/brokers/export.csv",
      url: new URL(request.url),
    } as never)) as Response;
    expect(out.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await out.text();
    const [header, row] = text.trim().split("\r\n");
    expect(header).toBe("id,Name,Website,Commission text,Active (shown in the listing filters)");
    expect(row).toMatch(/^\d+,'=HYPERLINK\(1\) Brokers,,,yes$/);
  });
});

describe("images and what the broker's listings show", () => {
  /** A 2x2 PNG made by sharp, as a browser would upload it. */
  async function png() {
    const sharp = (await import("sharp")).default;
    return sharp({ create: { width: 2, height: 2, channels: 3, background: "#0369a1" } })
      .png()
      .toBuffer();
  }
  function multipart(
    path: string,
    fields: Record<string, string>,
    file: { name: string; bytes: Uint8Array; type: string },
  ) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append("logo", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    const request = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      body: fd,
      headers: { cookie: adminCookie, origin: "http://localhost:3000" },
    });
    return request;
  }

  it("stores an uploaded logo as WebP, serves it with nosniff, and refuses a file that is not an image", async () => {
    const [broker] = await db.select().from(brokers).where(eq(brokers.slug, "lakeside-timeshare-brokers"));
    const request = multipart(
      `/admin/brokers/${broker.id}/edit`,
      { name: broker.name, website: broker.website ?? "", commission_text: "6% at closing", is_active: "on" },
      { name: "logo.png", bytes: await png(), type: "image/png" },
    );
    const res = await callRoute(
      ((a: object) =>
        (formAction as (x: unknown) => unknown)({
          ...(a as Record<string, unknown>),
          pattern: "/admin/brokers/:id/edit",
          url: new URL(request.url),
        })) as never,
      request,
      { id: String(broker.id) },
    );
    expect(res.status).toBe(303);
    const [after] = await db.select().from(brokers).where(eq(brokers.id, broker.id));
    expect(after.logoPath).toMatch(/^\/media\/brokers\/[a-f0-9]{16}\.webp$/);
    expect((await latestJournal()).summary).toBe(`Changed broker “${broker.name}”: Logo, Commission text.`);
    const [, , folder, file] = (after.logoPath as string).split("/");
    const served = (await mediaLoader({ params: { folder, file } } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(
      (await mediaLoader({ params: { folder, file: "../../auth-secret.txt" } } as never)) as Response,
    ).toHaveProperty("status", 404);

    // The broker's listings show the logo and the commission text.
    const [listing] = await db
      .select()
      .from(listings)
      .where(and(eq(listings.brokerId, broker.id), eq(listings.listingStatusId, 3), eq(listings.isTest, false)))
      .limit(1);
    expect(listing).toBeDefined();
    {
      const page = await callRoute(brokerListingLoader as never, makeRequest(`/broker-listings/${listing.id}`), {
        id: String(listing.id),
      });
      expect(page.status).toBe(200);
      expect(page.body.listing.broker).toMatchObject({ logo: after.logoPath, commissionText: "6% at closing" });
    }

    const bad = multipart(
      `/admin/brokers/${broker.id}/edit`,
      { name: broker.name, is_active: "on" },
      { name: "logo.png", bytes: new TextEncoder().encode("<svg onload=alert(1)>"), type: "image/png" },
    );
    const refused = await callRoute(
      ((a: object) =>
        (formAction as (x: unknown) => unknown)({
          ...(a as Record<string, unknown>),
          pattern: "/admin/brokers/:id/edit",
          url: new URL(bad.url),
        })) as never,
      bad,
      { id: String(broker.id) },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Logo must be a PNG, JPEG or WebP image.");
  });
});

describe("CSV import", () => {
  const importCsv = (csv: string, intent: "check" | "import") =>
    call(importAction, "/admin/brokers/import", "/admin/brokers/import", {
      method: "POST",
      form: { intent, csv },
      cookie: adminCookie,
    });

  it("reports every bad row by line and column, and writes nothing unless every row is good", async () => {
    const before = await db.select().from(brokers);
    const bad = [
      "Name,Website,Active (shown in the listing filters)",
      "Good Broker A,https://a.example,yes",
      "B,not a url,yes",
      "Good Broker C,,no",
      "Good Broker D,ftp://d.example,yes",
    ].join("\n");
    for (const intent of ["check", "import"] as const) {
      const res = await importCsv(bad, intent);
      expect(res.status).toBe(400);
      expect(res.body.report.errors).toEqual([
        { line: 3, column: "Name", message: "Enter the broker's name (at least 2 characters)." },
        { line: 3, column: "Website", message: expect.stringMatching(/full address/) },
        { line: 5, column: "Website", message: expect.stringMatching(/full address/) },
      ]);
      expect(await db.select().from(brokers)).toHaveLength(before.length);
    }
    const unknown = await importCsv("Name,Shoe size\nX Broker,9", "check");
    expect(unknown.body.report.errors).toEqual([
      { line: 1, column: "Shoe size", message: "Unknown column “Shoe size”." },
    ]);
  });

  it("a dry run counts what would change; the import writes all rows in one transaction with one journal entry", async () => {
    const [existing] = await db.select().from(brokers).where(eq(brokers.name, "Harbor Point Resale"));
    const csv = `id,Name,Website\n,Import Broker One,https://one.example\n,"Import Broker, Two",\n${existing.id},Harbor Point Resale,https://hp.example\n`;
    const dry = await importCsv(csv, "check");
    expect(dry.status).toBe(200);
    expect(dry.body.report).toMatchObject({ dryRun: true, rows: 3, created: 2, updated: 1, errors: [] });
    expect(await db.select().from(brokers).where(like(brokers.name, "Import Broker%"))).toHaveLength(0);

    const journals = await journalCount();
    const done = await importCsv(csv, "import");
    expect(done.status).toBe(200);
    expect(done.body.report).toMatchObject({ dryRun: false, created: 2, updated: 1 });
    expect(
      (await db.select().from(brokers).where(like(brokers.name, "Import Broker%"))).map((b) => b.name).sort(),
    ).toEqual(["Import Broker One", "Import Broker, Two"]);
    const [updated] = await db.select().from(brokers).where(eq(brokers.id, existing.id));
    expect(updated.website).toBe("https://hp.example");
    expect(updated.commissionText).toBe(existing.commissionText); // a column the file leaves out keeps its value
    expect(await journalCount()).toBe(journals + 1);
    expect((await latestJournal()).summary).toBe("Imported 3 brokers from CSV (2 created, 1 updated).");
  });
});

describe("quick facts", () => {
  it("moves a fact up in one swap, and shows the counted facts from the data", async () => {
    const listRes = await list("/admin/quick-facts");
    expect(listRes.body.ordered).toBe(true);
    const rows = listRes.body.rows as { id: string; title: string; cells: Record<string, unknown> }[];
    const available = rows.find((r) => r.cells.key === "available_listings");
    expect(available?.cells.value).toMatch(/^\d+ \(counted from data\)$/);
    const second = rows[1];
    const res = await call(listAction, "/admin/quick-facts", "/admin/quick-facts", {
      method: "POST",
      form: { intent: "move", id: second.id, direction: "up" },
      cookie: adminCookie,
    });
    expect(res.status).toBe(303);
    const after = (await list("/admin/quick-facts")).body.rows as { id: string }[];
    expect(after[0].id).toBe(second.id);
    expect(after[1].id).toBe(rows[0].id);
    expect((await latestJournal()).summary).toBe(`Moved quick fact “${second.title}” up.`);
  });

  it("never stores a typed value for a counted fact, and keeps the key fixed on edit", async () => {
    const [fact] = await db.select().from(quickFacts).where(eq(quickFacts.key, "available_listings"));
    const res = await edit("/admin/quick-facts", fact.id, {
      key: "open_since",
      title: "For sale now",
      value: "9999",
      link: "/listings",
    });
    expect(res.status).toBe(303);
    const [after] = await db.select().from(quickFacts).where(eq(quickFacts.id, fact.id));
    expect(after).toMatchObject({ key: "available_listings", title: "For sale now", value: "" });
    const bad = await edit("/admin/quick-facts", fact.id, { title: "For sale now", link: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.link[0]).toMatch(/path on this site/);
  });
});

describe("a new resource is one declaration and one registry line", () => {
  it("serves a throwaway resource with no other file", async () => {
    const declaration = defineResource({
      noun: "menu link",
      title: "Menu links",
      description: "Links of the header and footer menus.",
      table: menuItems,
      id: menuItems.id,
      operations: ["create", "update", "delete", "export"],
      schema: z.object({ menu: z.string().min(1), label: z.string().min(1).max(60), href: z.string().startsWith("/") }),
      columns: [
        { key: "label", label: "Label", value: menuItems.label, primary: true, sortable: true, searchable: true },
        { key: "menu", label: "Menu", value: menuItems.menu, sortable: true },
      ],
      fields: [
        { name: "menu", label: "Menu", kind: "text" },
        { name: "label", label: "Label", kind: "text" },
        { name: "href", label: "Address", kind: "text" },
      ],
      defaultSort: { key: "label", dir: "asc" },
      titleOf: (r) => String(r.label),
    });
    RESOURCES.push({
      id: "admin.menu-links-test",
      path: "menu-links-test",
      subject: "MenuAdmin",
      nav: { group: "content", label: "Menu links" },
      load: async () => ({ default: declaration }),
    });
    try {
      const ids = resourceRoutes().map((r) => r.id);
      expect(ids).toEqual(
        expect.arrayContaining(["admin.menu-links-test", "admin.menu-links-test.create", "admin.menu-links-test.edit"]),
      );
      const created = await create("/admin/menu-links-test", {
        menu: "footer_company",
        label: "Careers",
        href: "/about-us#careers",
      });
      expect(created.status).toBe(303);
      const listed = await list("/admin/menu-links-test?q=Careers");
      expect(listed.body.rows.map((r: { title: string }) => r.title)).toEqual(["Careers"]);
      const bad = await create("/admin/menu-links-test", {
        menu: "footer_company",
        label: "Off site",
        href: "https://evil.example",
      });
      expect(bad.status).toBe(400);
    } finally {
      RESOURCES.pop();
    }
  });
});
