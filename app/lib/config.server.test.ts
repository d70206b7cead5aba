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

  it("lets SEED_DEMO=1 run the demo in a production build (what the e2e tests do)", () => {
    const c = parseConfig({ NODE_ENV: "production", SEED_DEMO: "1", DATA_DIR: dir() });
    expect(c.seedDemo).toBe(true);
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
