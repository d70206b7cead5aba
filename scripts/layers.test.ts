/**
 * The layering rules of biome.json (ARCHITECTURE section 5, rule 14) fire: each case writes a file that breaches
 * (or keeps) one rule into a scratch copy of the app's folders, and the real Biome, run with the project's own
 * overrides, must refuse (or accept) its import. `npm run lint` then fails on the same breach anywhere in app/.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Case = { file: string; source: string; refused: boolean; why: string };

const DRIZZLE = 'import { sql } from "drizzle-orm";\nexport const x = sql;\n';
const DRIZZLE_PG_CORE = 'import { pgTable } from "drizzle-orm/pg-core";\nexport const x = pgTable;\n';
const DRIZZLE_TYPE = 'import type { SQL } from "drizzle-orm";\nexport type X = SQL;\n';
const imp = (spec: string) => `import { thing } from "${spec}";\nexport const x = thing;\n`;

const CASES: Case[] = [
  // Routes: no Drizzle, database client, schema or queries file.
  { file: "app/routes/a.tsx", source: DRIZZLE, refused: true, why: "route imports drizzle-orm" },
  { file: "app/routes/admin/b.tsx", source: DRIZZLE_PG_CORE, refused: true, why: "route imports drizzle-orm/pg-core" },
  { file: "app/routes/c.tsx", source: imp("~/db/client.server"), refused: true, why: "route imports the db client" },
  { file: "app/routes/d.tsx", source: imp("~/db/schema"), refused: true, why: "route imports the schema" },
  { file: "app/routes/e.tsx", source: imp("~/db/schema/users"), refused: true, why: "route imports a schema file" },
  {
    file: "app/routes/f.tsx",
    source: imp("~/modules/listings/listings.queries.server"),
    refused: true,
    why: "route imports a queries file",
  },
  {
    file: "app/routes/api/g.ts",
    source: imp("../../modules/listings/search.queries.server"),
    refused: true,
    why: "route imports a queries file by a relative path",
  },
  {
    file: "app/routes/h.tsx",
    source: imp("~/modules/listings/listings.server"),
    refused: false,
    why: "route calls a service",
  },
  // Modules: Drizzle and the schema only in their own queries files; another module's queries never.
  { file: "app/modules/zz/zz.server.ts", source: DRIZZLE, refused: true, why: "service imports drizzle-orm" },
  { file: "app/modules/zz/types.ts", source: DRIZZLE_TYPE, refused: true, why: "type-only drizzle-orm import" },
  { file: "app/modules/zz/ui/card.tsx", source: DRIZZLE, refused: true, why: "module component imports drizzle" },
  {
    file: "app/modules/zz/schema-use.server.ts",
    source: imp("~/db/schema"),
    refused: true,
    why: "service uses tables",
  },
  {
    file: "app/modules/zz/open.server.ts",
    source: imp("~/db/client.server"),
    refused: true,
    why: "service imports a value from the db client",
  },
  {
    file: "app/modules/zz/types.server.ts",
    source: 'import type { Db, Tx } from "~/db/client.server";\nexport type X = Db | Tx;\n',
    refused: false,
    why: "service names the Db and Tx types",
  },
  {
    file: "app/modules/zz/other.server.ts",
    source: imp("~/modules/listings/listings.queries.server"),
    refused: true,
    why: "service imports another module's queries",
  },
  {
    file: "app/modules/zz/zz.queries.server.ts",
    source: `${DRIZZLE}import { user } from "~/db/schema";\nexport const t = user;\n`,
    refused: false,
    why: "queries file uses Drizzle and the schema",
  },
  {
    file: "app/modules/zz/own.server.ts",
    source: imp("./zz.queries.server"),
    refused: false,
    why: "service calls its own queries file",
  },
  {
    file: "app/modules/zz/yy.queries.server.ts",
    source: imp("~/modules/listings/listings.queries.server"),
    refused: true,
    why: "queries file imports another module's queries",
  },
  // Design-system components and lib sit below the modules.
  {
    file: "app/components/ui/widget.tsx",
    source: imp("~/modules/listings/ui/listing-card"),
    refused: true,
    why: "components/ui imports a module",
  },
  { file: "app/components/ui/db.tsx", source: DRIZZLE, refused: true, why: "components/ui imports drizzle" },
  {
    file: "app/lib/thing.server.ts",
    source: imp("~/modules/listings/score.server"),
    refused: true,
    why: "lib imports a module",
  },
  {
    file: "app/lib/rel.server.ts",
    source: imp("../modules/listings/score.server"),
    refused: true,
    why: "lib imports a module by a relative path",
  },
  {
    file: "app/lib/types.server.ts",
    source: 'import type { Viewer } from "~/modules/zz/zz.schema";\nexport type X = Viewer;\n',
    refused: true,
    why: "lib imports a module's types",
  },
  { file: "app/lib/store.server.ts", source: DRIZZLE, refused: true, why: "lib service imports drizzle" },
  { file: "app/lib/store.queries.server.ts", source: DRIZZLE, refused: false, why: "lib queries file uses drizzle" },
  {
    file: "app/lib/q.queries.server.ts",
    source: imp("~/modules/listings/score.server"),
    refused: true,
    why: "lib queries file imports a module",
  },
  // Elsewhere in app/: Drizzle only in queries files and app/db.
  { file: "app/auth/thing.server.ts", source: DRIZZLE, refused: true, why: "auth service imports drizzle" },
  { file: "app/auth/thing.queries.server.ts", source: DRIZZLE, refused: false, why: "auth queries file" },
  { file: "app/db/seed/thing.ts", source: DRIZZLE, refused: false, why: "app/db uses drizzle" },
  {
    file: "app/components/shell/menu.tsx",
    source: imp("~/modules/listings/ui/listing-card"),
    refused: false,
    why: "the shell may use modules",
  },

  // A declaration may name the transaction type; the auth folder uses its own queries file.
  {
    file: "app/modules/zz/typed.resource.ts",
    source: 'import type { Tx } from "~/db/client.server";\nexport type X = Tx;\n',
    refused: false,
    why: "a declaration names the Tx type",
  },
  {
    file: "app/auth/own.server.ts",
    source: imp("./auth.queries.server"),
    refused: false,
    why: "auth calls its own queries file",
  },
  {
    file: "app/modules/zz/ui/own-queries-free.tsx",
    source: imp("../zz.schema"),
    refused: false,
    why: "a module's component imports its own schema by a relative path",
  },
];

/**
 * The probes: one file per forbidden import under tests/fixtures/layer-probes (which `biome check .` skips), laid
 * out as in app/. Each starts with `// probe: <rule>: <why>` and must be refused by that rule.
 */
const PROBES_DIR = "tests/fixtures/layer-probes";
type Probe = { file: string; source: string; rule: string; why: string };
function probes(dirRel = ""): Probe[] {
  return readdirSync(path.join(PROBES_DIR, dirRel), { withFileTypes: true }).flatMap((d) => {
    const rel = path.posix.join(dirRel, d.name);
    if (d.isDirectory()) return probes(rel);
    const source = readFileSync(path.join(PROBES_DIR, rel), "utf8");
    const m = /^\/\/ probe: (\S+): (.*)$/m.exec(source);
    if (!m) throw new Error(`${PROBES_DIR}/${rel} has no "// probe: <rule>: <why>" line`);
    return [{ file: rel, source, rule: m[1], why: m[2] }];
  });
}
const PROBES = probes();

let dir: string;
let refusals: Map<string, string[]>;
let rulesBroken: Map<string, string[]>;

/** Biome with the project's configuration, on a scratch folder laid out like the project (the overrides match paths). */
function lintScratch(root: string) {
  const biome = path.resolve("node_modules/@biomejs/biome/bin/biome");
  const result = spawnSync(process.execPath, [biome, "lint", "--reporter=github", "--max-diagnostics=none", "app"], {
    cwd: root,
    encoding: "utf8",
  });
  if (result.error) throw result.error;
  const found = new Map<string, string[]>();
  const rules = new Map<string, string[]>();
  for (const line of `${result.stdout}\n${result.stderr}`.split("\n")) {
    const m = /^::error title=(lint\/[^,]+),file=([^,]+),.*?::(.*)$/.exec(line);
    if (!m) continue;
    const rel = path.relative(root, m[2]).split(path.sep).join("/");
    rules.set(rel, [...(rules.get(rel) ?? []), m[1]]);
    if (m[1] === "lint/style/noRestrictedImports") found.set(rel, [...(found.get(rel) ?? []), m[3]]);
  }
  return { status: result.status, found, rules };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "vpm-layers-"));
  const config = JSON.parse(readFileSync("biome.json", "utf8"));
  // The scratch folder is no git checkout and has no node_modules: drop what needs them; keep every rule.
  delete config.vcs;
  delete config.$schema;
  writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  for (const c of [...CASES, ...PROBES]) {
    mkdirSync(path.dirname(path.join(dir, c.file)), { recursive: true });
    writeFileSync(path.join(dir, c.file), c.source);
  }
  const { status, found, rules } = lintScratch(dir);
  expect(status, "biome lint exits non-zero on a breach").not.toBe(0);
  refusals = found;
  rulesBroken = rules;
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("biome.json layering rules", () => {
  for (const c of CASES) {
    it(`${c.refused ? "refuses" : "allows"}: ${c.why} (${c.file})`, () => {
      const messages = refusals.get(c.file) ?? [];
      if (c.refused) expect(messages.length, `${c.file} should break a layering rule`).toBeGreaterThan(0);
      else expect(messages, `${c.file} should pass`).toEqual([]);
    });
  }

  for (const p of PROBES) {
    it(`probe refused by ${p.rule}: ${p.why} (${p.file})`, () => {
      expect(rulesBroken.get(p.file) ?? [], `${PROBES_DIR}/${p.file}`).toContain(p.rule);
    });
  }

  it("has no two fixtures at one path", () => {
    const files = [...CASES, ...PROBES].map((c) => c.file);
    expect(new Set(files).size).toBe(files.length);
  });

  it("names the rule broken in its message", () => {
    expect(refusals.get("app/routes/f.tsx")?.[0]).toMatch(/Routes are thin/);
    expect(refusals.get("app/modules/zz/zz.server.ts")?.[0]).toMatch(/queries file/);
    expect(refusals.get("app/lib/thing.server.ts")?.[0]).toMatch(/may not import them/);
  });
});

/**
 * Routes hold the database handle only to hand it to a module's service (`getListing({ db }, ...)`): with Drizzle,
 * the schema and the queries files refused above, the one way left to query from a route is a call on the handle
 * itself (`db.execute("...")`, `services.db.select()`, the driver's `$client`). None may be written.
 */
const QUERY_ON_HANDLE =
  /\bdb\s*(\?\.|\.)\s*(execute|select|selectDistinct|insert|update|delete|transaction|query|with|\$client|\$count)\b/;

function queriesOnTheHandle(source: string): string[] {
  return source
    .split("\n")
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => QUERY_ON_HANDLE.test(line) && !/^\s*(\/\/|\*)/.test(line))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "+types" ? [] : routeFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe("routes never query through the database handle", () => {
  it("finds such a call (the rule's own check)", () => {
    expect(queriesOnTheHandle('const { db } = await getServices();\nawait db.execute("select 1");')).toEqual([
      '2: await db.execute("select 1");',
    ]);
    expect(queriesOnTheHandle("const rows = await services.db.select().from(t);")).toHaveLength(1);
    expect(queriesOnTheHandle("const home = await getHomePage(db);")).toEqual([]);
  });

  it("no route module does", () => {
    const found = routeFiles(path.resolve("app/routes")).flatMap((f) =>
      queriesOnTheHandle(readFileSync(f, "utf8")).map((l) => `${path.relative(process.cwd(), f)}:${l}`),
    );
    expect(found).toEqual([]);
  });
});
