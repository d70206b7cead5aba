import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, type DataDirFs, parseConfig } from "./config.server";

const dir = () => mkdtempSync(path.join(tmpdir(), "vpm-config-"));

describe("parseConfig", () => {
  it("names the variable when a value is bad", () => {
    expect(() => parseConfig({ PORT: "eighty", DATA_DIR: dir() })).toThrow(/PORT: must be a port number/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dir() })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => parseConfig({ SEED_DEMO: "maybe", DATA_DIR: dir() })).toThrow(/SEED_DEMO/);
    expect(() => parseConfig({ SMTP_URL: "http://mail", DATA_DIR: dir() })).toThrow(/SMTP_URL/);
  });

  it("generates a development secret once and reuses it", () => {
    const d = dir();
    const a = parseConfig({ DATA_DIR: d });
    const b = parseConfig({ DATA_DIR: d });
    expect(a.authSecret).toHaveLength(64);
    expect(b.authSecret).toBe(a.authSecret);
    expect(readFileSync(path.join(d, "auth-secret.txt"), "utf8")).toBe(a.authSecret);
    expect(a.seedDemo).toBe(true);
    expect(a.port).toBe(3000);
    expect(a.authUrl).toBe("http://localhost:3000");
  });

  it("in production requires the secret and the public URL, and does not seed", () => {
    expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: dir() })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: dir() })).toThrow(/BETTER_AUTH_SECRET/);
    const ok = parseConfig({
      NODE_ENV: "production",
      DATA_DIR: dir(),
      BETTER_AUTH_SECRET: "x".repeat(40),
      BETTER_AUTH_URL: "https://vpm.example",
    });
    expect(ok.seedDemo).toBe(false);
    expect(ok.isProduction).toBe(true);
  });

  it("in production names each missing variable in one message", () => {
    expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: dir() })).toThrow(
      "Invalid environment configuration:\n" +
        "  BETTER_AUTH_SECRET: required in production (at least 32 characters)\n" +
        "  BETTER_AUTH_URL: required in production (the public origin people use, e.g. https://www.example.com)",
    );
  });

  it("lets SEED_DEMO=1 run the demo in a production build (what the e2e tests do)", () => {
    const c = parseConfig({ NODE_ENV: "production", SEED_DEMO: "1", DATA_DIR: dir() });
    expect(c.seedDemo).toBe(true);
  });
});

describe("on PostgreSQL (DATABASE_URL set)", () => {
  const DATABASE_URL = "postgres://app@db.internal:5432/vpm";
  const secret = "s".repeat(32);

  it("requires the secret and the public URL whatever NODE_ENV is, naming each, and writes nothing", () => {
    for (const NODE_ENV of ["production", "development", undefined]) {
      const d = dir();
      expect(() => parseConfig({ NODE_ENV, DATABASE_URL, DATA_DIR: d })).toThrow(
        "Invalid environment configuration:\n" +
          "  BETTER_AUTH_SECRET: required with DATABASE_URL (at least 32 characters, the same in every process)\n" +
          "  BETTER_AUTH_URL: required with DATABASE_URL (the public origin people use, e.g. https://www.example.com)",
      );
      // No generated secret: each process would make its own, and refuse the others' sessions.
      expect(readdirSync(d)).toEqual([]);
    }
  });

  it("names a short secret and a missing URL together; SEED_DEMO=1 does not lift the requirement", () => {
    const d = dir();
    let message = "";
    try {
      parseConfig({ DATABASE_URL, BETTER_AUTH_SECRET: "short", SEED_DEMO: "1", DATA_DIR: d });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("BETTER_AUTH_SECRET: must be at least 32 characters");
    expect(message).toContain("BETTER_AUTH_URL: required with DATABASE_URL");
    expect(() =>
      parseConfig({ DATABASE_URL, BETTER_AUTH_SECRET: secret, BETTER_AUTH_URL: "not a url", DATA_DIR: d }),
    ).toThrow(/BETTER_AUTH_URL: must be a full URL/);
    expect(readdirSync(d)).toEqual([]);
  });

  it("seeds the demo only with SEED_DEMO=1 given, in development too", () => {
    const base = { DATABASE_URL, BETTER_AUTH_SECRET: secret, BETTER_AUTH_URL: "https://vpm.example", DATA_DIR: dir() };
    expect(parseConfig(base).seedDemo).toBe(false);
    expect(parseConfig({ ...base, NODE_ENV: "development" }).seedDemo).toBe(false);
    expect(parseConfig({ ...base, NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(parseConfig({ ...base, SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(parseConfig({ ...base, SEED_DEMO: "0" }).seedDemo).toBe(false);
    // The embedded default keeps its demo outside production.
    expect(parseConfig({ DATA_DIR: dir() }).seedDemo).toBe(true);
  });

  it("sizes the pool from DATABASE_POOL_MAX (10 by default) and names a bad value", () => {
    const base = { DATABASE_URL, BETTER_AUTH_SECRET: secret, BETTER_AUTH_URL: "https://vpm.example", DATA_DIR: dir() };
    expect(parseConfig(base).databasePoolMax).toBe(10);
    expect(parseConfig({ ...base, DATABASE_POOL_MAX: "25" }).databasePoolMax).toBe(25);
    expect(() => parseConfig({ ...base, DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX: must be at least 1/);
    expect(() => parseConfig({ ...base, DATABASE_POOL_MAX: "many" })).toThrow(/DATABASE_POOL_MAX: must be a number/);
  });
});

describe("a DATA_DIR the server cannot write to", () => {
  const message = (d: string, why: string) =>
    `DATA_DIR ${d} is not writable: ${why}. Set DATA_DIR to a writable folder, or let the user running the server write to this one.`;

  it("stops start-up naming the folder when a part of its path is a file", () => {
    const file = path.join(dir(), "a-file");
    writeFileSync(file, "");
    const d = path.join(file, "data");
    expect(() => parseConfig({ DATA_DIR: d })).toThrow(ConfigError);
    expect(() => parseConfig({ DATA_DIR: d })).toThrow(message(d, "a part of that path is a file, not a folder"));
  });

  it("stops start-up naming the folder when writing is refused (read-only, permission denied)", () => {
    const d = dir();
    const refusing = (code: string): DataDirFs => ({
      mkdirSync,
      rmSync,
      writeFileSync: (() => {
        throw Object.assign(new Error(`${code}: refused`), { code });
      }) as typeof writeFileSync,
    });
    // A secret is given: nothing else would write before the check.
    const env = { DATA_DIR: d, BETTER_AUTH_SECRET: "s".repeat(40) };
    expect(() => parseConfig(env, { dataDirFs: refusing("EROFS") })).toThrow(
      message(d, "the file system is read-only"),
    );
    expect(() => parseConfig(env, { dataDirFs: refusing("EACCES") })).toThrow(message(d, "permission denied"));
  });

  // chmod cannot stop root (these tests may run as root): then the injected file system above stands in for it.
  it.skipIf(process.getuid?.() === 0)("stops start-up for a folder without write permission (chmod 0555)", () => {
    const d = dir();
    chmodSync(d, 0o555);
    try {
      expect(() => parseConfig({ DATA_DIR: d })).toThrow(message(d, "permission denied"));
    } finally {
      chmodSync(d, 0o755);
    }
  });

  it("creates a missing folder and leaves nothing behind", () => {
    const d = path.join(dir(), "new", "data");
    parseConfig({ DATA_DIR: d, BETTER_AUTH_SECRET: "s".repeat(40) });
    expect(readdirSync(d)).toEqual([]);
  });
});
