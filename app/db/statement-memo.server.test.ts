import * as orm from "drizzle-orm";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { createStatementMemo, flatRowMapper, preparedStatement } from "./statement-memo.server";

/** A stand-in for Drizzle's select builder: counts how often it is built and run. */
function fakeBuilder(counts: { built: number; run: number }, answer: unknown) {
  counts.built++;
  return Object.assign(Promise.resolve(answer), {
    _prepare: () => ({
      execute: async () => {
        counts.run++;
        return answer;
      },
    }),
  });
}

describe("createStatementMemo", () => {
  it("builds a statement once per key and handle, and runs it every time", async () => {
    const run = createStatementMemo();
    const db = {};
    const counts = { built: 0, run: 0 };
    expect(await run(db, "a", () => fakeBuilder(counts, [1]))).toEqual([1]);
    expect(await run(db, "a", () => fakeBuilder(counts, [2]))).toEqual([1]);
    expect(counts).toEqual({ built: 1, run: 2 });
    // Another handle (another pool, a PGlite) builds its own.
    expect(await run({}, "a", () => fakeBuilder(counts, [3]))).toEqual([3]);
    expect(counts).toEqual({ built: 2, run: 3 });
  });

  it("keeps at most `size` statements, dropping the least recently used", async () => {
    const run = createStatementMemo(2);
    const db = {};
    const counts = { built: 0, run: 0 };
    await run(db, "a", () => fakeBuilder(counts, "a"));
    await run(db, "b", () => fakeBuilder(counts, "b"));
    await run(db, "a", () => fakeBuilder(counts, "a")); // a is now the most recent
    await run(db, "c", () => fakeBuilder(counts, "c")); // b goes
    expect(counts.built).toBe(3);
    await run(db, "a", () => fakeBuilder(counts, "a"));
    expect(counts.built).toBe(3);
    await run(db, "b", () => fakeBuilder(counts, "b"));
    expect(counts.built).toBe(4);
  });

  it("runs a builder without _prepare as it is, every time", async () => {
    const run = createStatementMemo();
    let built = 0;
    const plain = () => {
      built++;
      return Promise.resolve([built]);
    };
    const db = {};
    expect(await run(db, "a", plain)).toEqual([1]);
    expect(await run(db, "a", plain)).toEqual([2]);
  });
});

describe("preparedStatement", () => {
  it("builds once per handle and runs with each call's values", async () => {
    let built = 0;
    const values: unknown[] = [];
    const run = preparedStatement((_db: object) => {
      built++;
      return Object.assign(Promise.resolve("unprepared"), {
        _prepare: () => ({
          execute: async (v?: Record<string, unknown>) => {
            values.push(v);
            return `rows of ${String(v?.userId)}`;
          },
        }),
      });
    });
    const db = {};
    expect(await run(db, { userId: "a" })).toBe("rows of a");
    expect(await run(db, { userId: "b" })).toBe("rows of b");
    expect(built).toBe(1);
    expect(values).toEqual([{ userId: "a" }, { userId: "b" }]);
    // A transaction (another handle) gets its own.
    expect(await run({}, { userId: "c" })).toBe("rows of c");
    expect(built).toBe(2);
  });

  it("runs Drizzle's statement with the placeholders filled in", async () => {
    const things = pgTable("things", { id: integer("id").primaryKey(), owner: text("owner") });
    const sent: { sql: string; params: unknown[] }[] = [];
    const db = drizzle.mock({ logger: { logQuery: (q, params) => sent.push({ sql: q, params }) } });
    const run = preparedStatement((d: typeof db) =>
      d
        .select({ id: things.id })
        .from(things)
        .where(eq(things.owner, sql.placeholder("owner")))
        .limit(sql.placeholder("limit")),
    );
    await run(db, { owner: "ann", limit: 8 }).catch(() => {});
    await run(db, { owner: "bob", limit: 3 }).catch(() => {});
    expect(sent.map((q) => q.params)).toEqual([
      ["ann", 8],
      ["bob", 3],
    ]);
    expect(new Set(sent.map((q) => q.sql)).size).toBe(1);
  });
});

describe("flatRowMapper", () => {
  const things = pgTable("things", {
    id: integer("id").primaryKey(),
    name: text("name"),
    at: timestamp("at", { withTimezone: true }),
    seen: timestamp("seen"),
  });
  const owners = pgTable("owners", { id: integer("id").primaryKey(), name: text("name") });
  const db = drizzle.mock();
  type Fields = Parameters<typeof flatRowMapper>[0];
  /** Drizzle's own row mapper (exported at run time, not in its types). */
  const drizzleMapper = (orm as unknown as { mapResultRow: (f: Fields, row: unknown[], j?: unknown) => unknown })
    .mapResultRow;
  // `_prepare` is internal to Drizzle's types: the memo reaches it the same way.
  const fieldsOf = (q: unknown) => (q as { _prepare(): { fields: Fields } })._prepare().fields;

  it("maps rows as Drizzle does: decoders of columns, of sql with mapWith, of a left join's columns, nulls", () => {
    const q = db
      .select({
        id: things.id,
        name: things.name,
        at: things.at,
        seen: things.seen,
        doubled: sql<number>`${things.id} * 2`.mapWith(Number),
        ownerName: owners.name,
      })
      .from(things)
      .leftJoin(owners, eq(owners.id, things.id));
    const fields = fieldsOf(q);
    const rows = [
      [1, "a", "2026-11-26 10:00:00+00", "2026-11-26 10:00:00", "2", "Ann"],
      [2, null, null, null, "4", null],
    ];
    const mapper = flatRowMapper(fields);
    expect(mapper).not.toBeNull();
    const ours = mapper?.(rows);
    expect(ours).toEqual(rows.map((r) => drizzleMapper(fields, r, { things: true, owners: false })));
    expect(ours?.[0]).toMatchObject({ id: 1, doubled: 2, at: new Date("2026-11-26T10:00:00Z") });
  });

  it("leaves nested selections to Drizzle", () => {
    expect(flatRowMapper(fieldsOf(db.select().from(things).leftJoin(owners, eq(owners.id, things.id))))).toBeNull();
  });
});
