import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import {
  type DatabaseHandle,
  type Db,
  MIGRATIONS_DIR,
  migrateDatabase,
  openPostgres,
  wrapPglite,
} from "~/db/client.server";
import { MENU_ITEMS } from "~/db/seed/reference-data";
import { seedDatabase } from "~/db/seed/seed.server";
import { emptyDatabase } from "../fixtures/app-processes";

/**
 * Issue 16: seeding leaves exactly one copy, however often it runs and wherever it stopped. Each seed step (reference
 * data, room types, the Best practices guide, the demo) claims a marker row in the transaction that inserts its rows.
 * A crash part-way is simulated with a trigger that fails the step's last insert: the step is rolled back whole, and the
 * next run does it. Runs on fresh databases: PostgreSQL when TEST_DATABASE_URL is set (where two seeds also race
 * without the start-up lock), otherwise in-memory PGlite.
 */
const url = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** An empty database of its own, not migrated. */
async function freshDatabase(): Promise<DatabaseHandle> {
  if (url) {
    const db = await emptyDatabase(url, "vpm_seed");
    const handle = openPostgres(db.url, 4);
    cleanups.push(db.drop, () => handle.close());
    return handle;
  }
  const handle = wrapPglite(await PGlite.create());
  cleanups.push(() => handle.close());
  return handle;
}

/** On PGlite, one migrated database is dumped and each test loads a copy: migrating is the slow part there. */
let migratedDump: Promise<File | Blob> | undefined;

async function migratedDatabase() {
  if (!url) {
    migratedDump ??= (async () => {
      const pglite = await PGlite.create();
      await migrateDatabase(wrapPglite(pglite));
      const dump = await pglite.dumpDataDir("none");
      await pglite.close();
      return dump;
    })();
    const handle = wrapPglite(await PGlite.create({ loadDataDir: await migratedDump }));
    cleanups.push(() => handle.close());
    return handle;
  }
  const handle = await freshDatabase();
  await migrateDatabase(handle);
  return handle;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every table's row count (the app's tables and drizzle's migration journal). */
async function counts(db: Db) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
    ),
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    out[name] = Number(rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*) as n from ${name}`)))[0].n);
  }
  return out;
}

/** Makes every insert into `table` fail, as a crash there would: the transaction it is in is rolled back. */
async function crashOn(db: Db, table: string) {
  await db.execute(
    sql.raw(`create or replace function vpm_test_crash() returns trigger language plpgsql as $$
      begin raise exception 'simulated crash'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger vpm_test_crash before insert on ${table} execute function vpm_test_crash()`),
  );
  return () => db.execute(sql.raw(`drop trigger vpm_test_crash on ${table}`));
}

let once: Record<string, number>;

// Each test seeds the whole demo (300 listings, point charts, pages) on a fresh PGlite, up to three times: a minute
// or more on a loaded 2-core machine.
const SEEDS = { timeout: 180_000 };

describe("seeding", () => {
  it("on a fresh database, once: reference data, rooms, Best Practices and the demo", SEEDS, async () => {
    const { db } = await migratedDatabase();
    expect(await seedDatabase(db, { demo: true })).toEqual({ demo: true });
    once = await counts(db);
    expect(once).toMatchObject({
      "public.resorts": 18,
      "public.rooms": 7,
      "public.menu_items": MENU_ITEMS.length,
      "public.listings": 300,
      "public.title_companies": 2,
    });
  });

  it("crashed part-way, then run again (twice): exactly one copy", SEEDS, async () => {
    const { db } = await migratedDatabase();
    const empty = await counts(db);

    // A crash at the reference step's last insert: nothing of it stays, and nothing after it ran.
    let recover = await crashOn(db, "quick_facts");
    await expect(seedDatabase(db, { demo: true })).rejects.toThrow();
    expect(await counts(db)).toEqual(empty);
    await recover();

    // A crash at the demo's last insert: the steps before it are done, the demo is not there at all.
    recover = await crashOn(db, "title_company_costs");
    await expect(seedDatabase(db, { demo: true })).rejects.toThrow();
    const partial = await counts(db);
    expect(partial).toMatchObject({
      "public.resorts": 18,
      "public.rooms": 7,
      'public."user"': 0,
      "public.listings": 0,
    });
    expect(partial["public.best_practices"]).toBe(once["public.best_practices"]);
    await recover();

    expect(await seedDatabase(db, { demo: true })).toEqual({ demo: true });
    expect(await counts(db)).toEqual(once);
    expect(await seedDatabase(db, { demo: true })).toEqual({ demo: false });
    expect(await counts(db)).toEqual(once);
  });

  it("on a database seeded before the step markers existed, inserts nothing again", SEEDS, async () => {
    const { db } = await migratedDatabase();
    await seedDatabase(db, { demo: true });
    // Such a database has the rows and the demo's marker (older versions wrote it), not the others.
    await db.execute(sql`delete from settings where key like 'seed.%' and key <> 'seed.demo_seeded_at'`);
    await db.execute(sql`delete from menu_items where label = 'Rentals'`); // an item the admin removed
    await seedDatabase(db, { demo: true });
    expect(await counts(db)).toEqual({ ...once, "public.menu_items": once["public.menu_items"] - 2 });
  });

  it.skipIf(!url)("run by two connections at the same moment, without the start-up lock: one copy", async () => {
    const a = await migratedDatabase();
    const b = openPostgres((a as Extract<DatabaseHandle, { driver: "pg" }>).connectionString, 4);
    cleanups.push(() => b.close());
    const results = await Promise.all([seedDatabase(a.db, { demo: true }), seedDatabase(b.db, { demo: true })]);
    expect(results.map((r) => r.demo).sort()).toEqual([false, true]);
    expect(await counts(a.db)).toEqual(once);
  });
});

describe("migration 0015 (menu items get a natural key)", () => {
  it("keeps one of each menu item that a racing first start inserted twice", SEEDS, async () => {
    // The migrations up to 0014 only, then the menu seeded twice, as two racing starts did.
    const upTo14 = mkdtempSync(path.join(tmpdir(), "vpm-migrations-"));
    cpSync(MIGRATIONS_DIR, upTo14, { recursive: true });
    const journalFile = path.join(upTo14, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < "0015");
    writeFileSync(journalFile, JSON.stringify(journal));
    const handle = await freshDatabase();
    const migrateTo = (folder: string) =>
      handle.driver === "pglite"
        ? migratePglite(handle.db as never, { migrationsFolder: folder })
        : migratePg(handle.db as never, { migrationsFolder: folder });
    await migrateTo(upTo14);
    for (let copy = 0; copy < 2; copy++) {
      for (const [i, m] of MENU_ITEMS.entries()) {
        await handle.db.execute(
          sql`insert into menu_items (menu, label, href, description, sort_order)
              values (${m.menu}, ${m.label}, ${m.href}, ${m.description ?? null}, ${i})`,
        );
      }
    }
    await migrateTo(MIGRATIONS_DIR);
    const rows = rowsOf<{ menu: string; label: string; id: number }>(
      await handle.db.execute(sql`select id, menu, label from menu_items order by id`),
    );
    expect(rows.map((r) => `${r.menu}/${r.label}`)).toEqual(MENU_ITEMS.map((m) => `${m.menu}/${m.label}`));
    expect(rows.every((r) => r.id <= MENU_ITEMS.length)).toBe(true); // the first copy kept
    await expect(
      handle.db.execute(sql`insert into menu_items (menu, label, href) values ('buyers', 'Rentals', '/x')`),
    ).rejects.toThrow();
  });
});
