import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

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
