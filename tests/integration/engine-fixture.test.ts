import { eq, sql } from "drizzle-orm";
import { boolean, date, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { resorts } from "~/db/schema";
import { id, idList, int } from "~/lib/fields";
import {
  defineResource,
  type FieldKind,
  type JoinTable,
  type Relation,
  relationNames,
  type ResourceOperation,
} from "~/modules/admin/resource";
import { RESOURCES } from "~/modules/admin/resources.registry";
import { loader as exportLoader } from "~/routes/admin/resource/export";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { action as importAction } from "~/routes/admin/resource/import";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { latestJournalEntry } from "../fixtures/journal";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * The recipe of docs/architecture.md section 4a, tried as a contributor would: one declaration over one table (and
 * its join table), made in this file, with a field of every kind the engine knows and every operation. The
 * `EVERY_KIND` record does not compile when a kind is added to `FieldKind` and not to it, so the fixture (and
 * this test) grows with the engine.
 */
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");

const fixtures = pgTable("engine_fixtures", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  notes: text("notes"),
  guests: integer("guests"),
  priceCents: integer("price_cents"),
  kind: text("kind").notNull(),
  tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
  active: boolean("active").notNull().default(false),
  onDate: date("on_date"),
  body: text("body"),
  picturePath: text("picture_path"),
  attachmentKey: text("attachment_key"),
  resortId: integer("resort_id").references(() => resorts.id),
  site: text("site"),
  email: text("email"),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  secret: text("secret"),
  position: integer("position").notNull().default(0),
});
const fixtureResorts = pgTable(
  "engine_fixture_resorts",
  {
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.fixtureId, t.resortId] })],
);

const RESORTS: Relation = { table: resorts, value: resorts.id, label: resorts.name };
const THROUGH: JoinTable = { table: fixtureResorts, from: fixtureResorts.fixtureId, to: fixtureResorts.resortId };

/** One field of each kind: adding a kind to the engine breaks this until the fixture covers it. */
const EVERY_KIND: Record<FieldKind, string> = {
  text: "title",
  textarea: "notes",
  number: "guests",
  money: "price",
  select: "kind",
  multiselect: "tags",
  checkbox: "active",
  date: "onDate",
  richtext: "body",
  image: "picture",
  file: "attachment",
  relation: "resortId",
  url: "site",
  email: "email",
  relations: "resortIds",
  datetime: "startsAt",
  password: "secret",
};
const EVERY_OPERATION: ResourceOperation[] = ["create", "update", "delete", "import", "export", "order"];

const FixtureSchema = z.object({
  title: z.string().trim().min(2, "A title needs 2 characters.").max(80),
  notes: z.string().max(2000).nullable(),
  guests: int({ min: 1, max: 12, message: "Guests: a whole number from 1 to 12." }).nullable(),
  price: int({ min: 0, max: 100_000_000, message: "A price up to $1,000,000." }).nullable(), // cents: the engine parses the dollars
  kind: z.enum(["studio", "villa"], { error: "Choose a kind." }),
  tags: z.array(z.enum(["pool", "view"], { error: "Choose tags from the list." })).max(2),
  active: z.boolean(),
  onDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "A date like 2027-02-01.")
    .nullable(),
  body: z.string().max(20_000).nullable(),
  resortId: id("Choose a resort.").nullable(),
  site: z.url({ protocol: /^https$/, error: "A site address starting https://." }).nullable(),
  email: z.email("An email address like name@example.com.").nullable(),
  resortIds: idList("Choose resorts from the list.", 10),
  startsAt: z.date().nullable(),
  secret: z.string().min(8, "A passphrase has at least 8 characters.").max(200).optional(),
});

const declaration = defineResource({
  noun: "fixture",
  title: "Fixtures",
  description: "Every field kind of the engine, for its own test.",
  table: fixtures,
  id: fixtures.id,
  operations: EVERY_OPERATION,
  schema: FixtureSchema,
  orderColumn: fixtures.position,
  columns: [
    { key: "title", label: "Title", value: fixtures.title, primary: true, searchable: true, sortable: true },
    { key: "kind", label: "Kind", value: fixtures.kind },
    { key: "resorts", label: "Resorts", value: relationNames(fixtures.id, RESORTS, THROUGH), searchable: true },
    { key: "startsAt", label: "Starts", value: fixtures.startsAt, format: "datetime" },
    { key: "position", label: "Order", value: fixtures.position, hidden: true, sortable: true },
  ],
  fields: [
    { name: "title", label: "Title", kind: "text" },
    { name: "notes", label: "Notes", kind: "textarea" },
    { name: "guests", label: "Guests", kind: "number" },
    { name: "price", label: "Price", kind: "money", column: fixtures.priceCents },
    {
      name: "kind",
      label: "Kind",
      kind: "select",
      options: [
        { value: "studio", label: "Studio" },
        { value: "villa", label: "Villa" },
      ],
    },
    {
      name: "tags",
      label: "Tags",
      kind: "multiselect",
      options: [
        { value: "pool", label: "Pool" },
        { value: "view", label: "View" },
      ],
    },
    { name: "active", label: "Active", kind: "checkbox" },
    { name: "onDate", label: "On", kind: "date" },
    { name: "body", label: "Text", kind: "richtext" },
    { name: "picture", label: "Picture", kind: "image", column: fixtures.picturePath, imageFolder: "fixtures" },
    {
      name: "attachment",
      label: "Attachment",
      kind: "file",
      column: fixtures.attachmentKey,
      accept: "text/plain",
      // The module stores the file itself and returns the columns (decision 0091).
      upload: async ({ storage, file }) => {
        const key = `fixtures/${file.size}-attachment.txt`;
        await storage.put(key, new Uint8Array(await file.arrayBuffer()), "text/plain");
        return { attachmentKey: key };
      },
    },
    { name: "resortId", label: "Resort", kind: "relation", relation: RESORTS },
    { name: "site", label: "Site", kind: "url" },
    { name: "email", label: "Email", kind: "email" },
    { name: "resortIds", label: "Resorts", kind: "relations", relation: RESORTS, through: THROUGH },
    { name: "startsAt", label: "Starts", kind: "datetime" },
    { name: "secret", label: "Passphrase", kind: "password" },
  ],
  csvFields: ["title", "kind", "guests", "price", "active"],
  defaultSort: { key: "position", dir: "asc" },
  titleOf: (r) => String(r.title),
});

const BASE = "/admin/engine-fixtures";
type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  return route(fn, pattern, makeRequest(path, init), params);
}
function route(fn: Fn, pattern: string, request: Request, params = {}) {
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
/** A form with files, as a browser posts it. */
function multipart(pattern: string, path: string, body: FormData, params = {}) {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body,
    headers: { cookie: adminCookie, origin: "http://localhost:3000" },
  });
  return route(formAction, pattern, request, params);
}
const rowsTitled = (title: string) => db.select().from(fixtures).where(eq(fixtures.title, title));

let resortIds: number[] = [];

beforeAll(async () => {
  await db.execute(sql`
    CREATE TABLE engine_fixtures (
      id serial PRIMARY KEY, title text NOT NULL, notes text, guests integer, price_cents integer, kind text NOT NULL,
      tags text[] NOT NULL DEFAULT '{}', active boolean NOT NULL DEFAULT false, on_date date, body text,
      picture_path text, attachment_key text, resort_id integer REFERENCES resorts(id), site text, email text,
      starts_at timestamptz, secret text, position integer NOT NULL DEFAULT 0)`);
  await db.execute(sql`
    CREATE TABLE engine_fixture_resorts (
      fixture_id integer NOT NULL REFERENCES engine_fixtures(id) ON DELETE CASCADE,
      resort_id integer NOT NULL REFERENCES resorts(id) ON DELETE CASCADE,
      PRIMARY KEY (fixture_id, resort_id))`);
  resortIds = (await db.select({ id: resorts.id }).from(resorts).orderBy(resorts.id).limit(3)).map((r) => r.id);
  RESOURCES.push({
    id: "admin.engine-fixtures",
    path: "engine-fixtures",
    subject: "QuickFact",
    load: async () => ({ default: declaration }),
  });
});
afterAll(() => {
  RESOURCES.splice(
    RESOURCES.findIndex((r) => r.id === "admin.engine-fixtures"),
    1,
  );
});

async function png() {
  const bytes = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#0369a1" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "picture.png", { type: "image/png" });
}

function formOf(values: Record<string, string | string[] | File>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) {
    for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  }
  return form;
}

describe("a fixture resource with every field kind and operation (the recipe's own test)", () => {
  it("declares a field of every kind and every operation", () => {
    const kinds = new Set(declaration.fields.map((f) => f.kind));
    expect([...kinds].sort()).toEqual(Object.keys(EVERY_KIND).sort());
    for (const [kind, name] of Object.entries(EVERY_KIND))
      expect(declaration.fields.find((f) => f.name === name)?.kind).toBe(kind);
  });

  it("serves the form with each kind's input and the schema's constraints", async () => {
    const res = await call(formLoader, `${BASE}/create`, `${BASE}/create`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.fields.map((f: { name: string }) => [f.name, f]));
    expect(byName.title).toMatchObject({ kind: "text", required: true, maxLength: 80 });
    expect(byName.guests).toMatchObject({ kind: "number", min: 1, max: 12 });
    expect(byName.resortId.options.length).toBeGreaterThan(2);
    expect(byName.resortIds.kind).toBe("relations");
    expect(byName.startsAt.kind).toBe("datetime");
    expect(byName.attachment).toMatchObject({ kind: "file", accept: "text/plain" });
  });

  it("creates a row from every kind, stored as each kind stores it", async () => {
    const body = formOf({
      title: "Every kind",
      notes: "Two\nlines",
      guests: "4",
      price: "1,250.50",
      kind: "villa",
      tags: ["pool", "view"],
      active: "on",
      onDate: "2027-02-01",
      body: '<p onclick="x()">Hello<script>alert(1)</script></p>',
      picture: await png(),
      attachment: new File(["hello"], "hello.txt", { type: "text/plain" }),
      resortId: String(resortIds[0]),
      site: "https://example.com/a",
      email: "owner@example.com",
      resortIds: [String(resortIds[1]), String(resortIds[2])],
      startsAt: "2027-07-04T09:30",
      secret: " correct horse ",
    });
    const res = await multipart(`${BASE}/create`, `${BASE}/create`, body);
    expect(res.status).toBe(303);
    const [row] = await rowsTitled("Every kind");
    expect(row).toMatchObject({
      guests: 4,
      priceCents: 125050,
      kind: "villa",
      tags: ["pool", "view"],
      active: true,
      onDate: "2027-02-01",
      body: "<p>Hello</p>",
      resortId: resortIds[0],
      site: "https://example.com/a",
      email: "owner@example.com",
      secret: " correct horse ",
      position: 1,
    });
    expect(row.notes).toMatch(/^Two\r?\nlines$/);
    expect(row.picturePath).toMatch(/^\/media\/fixtures\/[\w-]+\.webp$/);
    expect(row.attachmentKey).toBe("fixtures/5-attachment.txt");
    // 9:30 in July is daylight time in the East: 13:30 UTC.
    expect(row.startsAt?.toISOString()).toBe("2027-07-04T13:30:00.000Z");
    const links = await db.select().from(fixtureResorts).where(eq(fixtureResorts.fixtureId, row.id));
    expect(links.map((l) => l.resortId).sort((a, b) => a - b)).toEqual([resortIds[1], resortIds[2]]);
    expect((await latestJournalEntry(db)).summary).toMatch(/^Created fixture “Every kind”/);
  });

  it("refuses bad input in every kind with a message per field, writing nothing", async () => {
    const body = formOf({
      title: "X",
      guests: "40",
      price: "a lot",
      kind: "castle",
      tags: ["spa"],
      onDate: "tomorrow",
      resortId: "99999999",
      site: "javascript:alert(1)",
      email: "nobody",
      resortIds: ["99999999"],
      startsAt: "2027-03-14T02:30",
      secret: "short",
    });
    const res = await multipart(`${BASE}/create`, `${BASE}/create`, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(
      ["email", "guests", "kind", "onDate", "price", "secret", "site", "startsAt", "tags", "title"].sort(),
    );
    expect(await rowsTitled("X")).toHaveLength(0);
    // A related row that does not exist, alone: refused on its field, nothing written.
    const unknown = await multipart(
      `${BASE}/create`,
      `${BASE}/create`,
      formOf({ title: "Unknown resort", kind: "villa", resortIds: ["99999999"] }),
    );
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields)).toEqual(["resortIds"]);
    expect(await rowsTitled("Unknown resort")).toHaveLength(0);
  });

  it("edits, orders, exports, imports and deletes", async () => {
    const [first] = await rowsTitled("Every kind");
    const second = await call(formAction, `${BASE}/create`, `${BASE}/create`, {
      method: "POST",
      form: { title: "Second", kind: "studio" },
      cookie: adminCookie,
    });
    expect(second.status).toBe(303);
    const [two] = await rowsTitled("Second");
    expect(two.position).toBe(2);

    const edited = await multipart(
      `${BASE}/:id/edit`,
      `${BASE}/${first.id}/edit`,
      formOf({ title: "Every kind", kind: "studio", resortIds: [String(resortIds[0])] }),
      { id: String(first.id) },
    );
    expect(edited.status).toBe(303);
    const links = await db.select().from(fixtureResorts).where(eq(fixtureResorts.fixtureId, first.id));
    expect(links.map((l) => l.resortId)).toEqual([resortIds[0]]);
    // A password left empty keeps the stored one; the edit form never shows it back.
    expect((await rowsTitled("Every kind"))[0].secret).toBe(" correct horse ");
    const form = await call(
      formLoader,
      `${BASE}/:id/edit`,
      `${BASE}/${first.id}/edit`,
      { cookie: adminCookie },
      {
        id: String(first.id),
      },
    );
    expect(JSON.stringify(form.body)).not.toContain("correct horse");

    const moved = await call(listAction, BASE, BASE, {
      method: "POST",
      form: { intent: "move", id: String(two.id), direction: "up" },
      cookie: adminCookie,
    });
    expect(moved.status).toBe(303);
    expect((await rowsTitled("Second"))[0].position).toBe(1);

    const csv = await call(exportLoader, `${BASE}/export.csv`, `${BASE}/export.csv`, { cookie: adminCookie });
    expect(csv.status).toBe(200);
    expect(String(csv.body).split("\r\n")[0]).toBe("id,Title,Kind,Guests,Price,Active");

    const imported = await call(importAction, `${BASE}/import`, `${BASE}/import`, {
      method: "POST",
      form: { intent: "import", csv: 'Title,Kind,Guests,Price,Active\nImported one,villa,2,"9,000",yes\n' },
      cookie: adminCookie,
    });
    expect(imported.status).toBe(200);
    expect((await rowsTitled("Imported one"))[0]).toMatchObject({ guests: 2, priceCents: 900000, active: true });

    const list = await call(listLoader, BASE, `${BASE}?q=Imported`, { cookie: adminCookie });
    expect(list.body.rows.map((r: { title: string }) => r.title)).toEqual(["Imported one"]);

    const [imp] = await rowsTitled("Imported one");
    const deleted = await call(listAction, BASE, BASE, {
      method: "POST",
      form: { intent: "delete", ids: String(imp.id) },
      cookie: adminCookie,
    });
    expect(deleted.status).toBe(303);
    expect(await rowsTitled("Imported one")).toHaveLength(0);
  });
});
