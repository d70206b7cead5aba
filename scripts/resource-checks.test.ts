import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { ADMIN_NAV_GROUPS } from "~/components/shell/admin-nav";
import routes from "../app/routes";
import type { ResourceDeclaration } from "~/modules/admin/resource";
import { checkDeclaration, checkRegistry, DeclarationError } from "~/modules/admin/resource-checks";
import { constrainedField, duplicatedConstraints, schemaConstraints } from "~/modules/admin/resource-constraints";
import { RESOURCES, type RegistryEntry } from "~/modules/admin/resources.registry";
import { id, int, optionalText, text as textField } from "~/lib/fields";

const ctx = { navGroups: ADMIN_NAV_GROUPS };

type RouteEntry = { id?: string; file: string; children?: RouteEntry[] };
const handRouteIds = (list: RouteEntry[]): string[] =>
  list.flatMap((r) => [
    ...(r.id && !r.file.startsWith("routes/admin/resource/") ? [r.id] : []),
    ...handRouteIds(r.children ?? []),
  ]);

describe("every registered admin resource passes the declaration checks", () => {
  for (const entry of RESOURCES) {
    it(entry.id, async () => {
      const decl = (await entry.load()).default;
      expect(() => checkDeclaration(entry, decl, ctx)).not.toThrow();
    });
  }

  it("no route id is used twice, by the registry or app/routes.ts", () => {
    const hand = handRouteIds(routes as RouteEntry[]);
    expect(hand.length).toBeGreaterThan(50);
    expect(() => checkRegistry(RESOURCES, hand)).not.toThrow();
  });
});

// A small table and declaration to break one thing at a time.
const things = pgTable("things", { id: integer("id").primaryKey(), name: text("name"), isActive: text("is_active") });
const others = pgTable("others", { id: integer("id").primaryKey(), label: text("label") });
const entry: RegistryEntry = {
  id: "admin.things",
  path: "things",
  subject: "Broker",
  nav: { group: "system", label: "Things" },
  load: async () => ({ default: decl() }),
};
function decl(over: Partial<ResourceDeclaration> = {}): ResourceDeclaration {
  return {
    noun: "thing",
    title: "Things",
    description: "Things.",
    table: things,
    id: things.id,
    operations: ["create"],
    schema: z.object({ name: z.string(), active: z.boolean() }),
    columns: [{ key: "name", label: "Name", value: things.name }],
    fields: [
      { name: "name", label: "Name", kind: "text" },
      { name: "active", label: "Active", kind: "checkbox", column: things.isActive },
    ],
    defaultSort: { key: "name", dir: "asc" },
    titleOf: (r) => String(r.name),
    ...over,
  };
}
const refusal = (e: RegistryEntry, d: ResourceDeclaration) => {
  try {
    checkDeclaration(e, d, ctx);
  } catch (err) {
    expect(err).toBeInstanceOf(DeclarationError);
    return (err as Error).message;
  }
  return "";
};

describe("checkDeclaration refuses", () => {
  it("accepts the fixture as it is", () => {
    expect(refusal(entry, decl())).toBe("");
  });

  it("a field that is neither a column nor mapped (it would be dropped on save)", () => {
    const msg = refusal(entry, decl({ fields: [{ name: "active", label: "Active", kind: "checkbox" }] }));
    expect(msg).toMatch(/admin\.things/);
    expect(msg).toMatch(/field “active” is neither a column/);
  });

  it("a column of another table", () => {
    const msg = refusal(entry, decl({ fields: [{ name: "label", label: "L", kind: "text", column: others.label }] }));
    expect(msg).toMatch(/field “label” names a column of another table/);
  });

  it("a virtual field with no prepare to consume it", () => {
    const fields = [{ name: "extra", label: "Extra", kind: "text" as const, virtual: true }];
    const schema = z.object({ extra: z.string() });
    expect(refusal(entry, decl({ fields, schema }))).toMatch(/virtual but the declaration has no prepare/);
    expect(refusal(entry, decl({ fields, schema, prepare: (c) => c }))).toBe("");
  });

  it("a field the schema does not parse (stripped, never saved) and a schema key no field fills", () => {
    const msg = refusal(entry, decl({ schema: z.object({ name: z.string(), colour: z.string() }) }));
    expect(msg).toMatch(/field “active” is not in the schema/);
    expect(msg).toMatch(/schema key “colour” is no field/);
  });

  it("an unknown sidebar group", () => {
    expect(refusal({ ...entry, nav: { group: "nowhere", label: "T" } }, decl())).toMatch(
      /sidebar group “nowhere” is not one of the sidebar's groups/,
    );
  });

  it("an unknown subject", () => {
    expect(refusal({ ...entry, subject: "Thingy" as never }, decl())).toMatch(/subject “Thingy” is not in SUBJECTS/);
  });

  it("a CSV field that is no field", () => {
    expect(refusal(entry, decl({ csvFields: ["name", "colour"] }))).toMatch(/CSV field “colour” is not a field/);
  });

  it("code rows (decision 0069): an override that is no column, a filter the in-memory list cannot apply, a create", () => {
    const codeRows = { rows: () => [], overrides: ["name", "colour"], storedKey: "edited" };
    const columns = [{ key: "name", label: "Name", value: things.name, filter: { kind: "date" as const } }];
    const msg = refusal(entry, decl({ codeRows, columns }));
    expect(msg).toMatch(/code rows' override “colour” is not a column of the table/);
    expect(msg).toMatch(/column “name” of code rows has a date filter/);
    expect(msg).toMatch(/code rows offer no “create”/);
    expect(refusal(entry, decl({ codeRows: { ...codeRows, overrides: ["name"] }, operations: ["update"] }))).toBe("");
  });
});

describe("checkRegistry refuses", () => {
  it("a route id used twice", () => {
    expect(() => checkRegistry([entry, { ...entry, path: "other" }])).toThrow(
      /route id “admin\.things” .*its own|also/,
    );
    expect(() => checkRegistry([entry], ["admin.things.create"])).toThrow(
      /route id “admin\.things\.create” of admin\.things is also in app\/routes\.ts/,
    );
  });

  it("a path used twice", () => {
    expect(() => checkRegistry([entry, { ...entry, id: "admin.others" }])).toThrow(/path “things”/);
  });
});

describe("form constraints come from the schema (declared once)", () => {
  it("reads lengths, bounds and required from zod 4 schemas through their wrappers", () => {
    expect(schemaConstraints(z.string().min(1).max(120))).toEqual({ required: true, maxLength: 120 });
    expect(schemaConstraints(z.string().max(40).nullable())).toEqual({ required: false, maxLength: 40 });
    expect(schemaConstraints(z.url().max(300).nullable())).toEqual({ required: false, maxLength: 300 });
    expect(schemaConstraints(z.number().int().min(2000).max(2100))).toEqual({ required: true, min: 2000, max: 2100 });
    expect(schemaConstraints(z.boolean())).toEqual({ required: false });
    expect(schemaConstraints(textField({ label: "Name", max: 120 }))).toEqual({ required: true, maxLength: 120 });
    expect(schemaConstraints(optionalText({ label: "Note", max: 500 }))).toEqual({ required: false, maxLength: 500 });
    expect(schemaConstraints(int({ min: 1, max: 9, message: "x" }))).toEqual({ required: true, min: 1, max: 9 });
    expect(schemaConstraints(int({ min: 1, max: 9, message: "x" }).nullable())).toEqual({
      required: false,
      min: 1,
      max: 9,
    });
    expect(schemaConstraints(id())).toEqual({ required: true, min: 1 });
  });

  for (const entry of RESOURCES) {
    it(`${entry.id}: the form's constraints are the schema's`, async () => {
      const decl = (await entry.load()).default;
      const shape = decl.schema.shape as Record<string, z.ZodType>;
      for (const f of decl.fields.filter((x) => x.name in shape)) {
        expect(duplicatedConstraints(decl, f), `${entry.id} ${f.name} types a constraint twice`).toEqual([]);
        const form = constrainedField(decl, f);
        const schema = schemaConstraints(shape[f.name]);
        const dollars = (v: number | undefined) => (v !== undefined && f.kind === "money" ? v / 100 : v);
        expect(
          { required: form.required, maxLength: form.maxLength, min: form.min, max: form.max },
          `${entry.id} ${f.name}`,
        ).toEqual({
          required: schema.required,
          maxLength: schema.maxLength,
          min: dollars(schema.min),
          max: dollars(schema.max),
        });
      }
    });
  }

  it("refuses a field that types a constraint its schema states", () => {
    const fields = [
      { name: "name", label: "Name", kind: "text" as const, maxLength: 120 },
      { name: "active", label: "Active", kind: "checkbox" as const, column: things.isActive },
    ];
    expect(refusal(entry, decl({ fields }))).toMatch(/field “name” declares maxLength, which its schema states/);
  });
});
