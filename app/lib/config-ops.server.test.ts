import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";
import { redactDatabaseUrl } from "./database-probe.server";

const dir = () => mkdtempSync(path.join(tmpdir(), "vpm-config-"));

describe("the operations variables (issue 29)", () => {
  it("default to no scheduled backup, 7 kept at 03:30, and migrations at start", () => {
    const c = parseConfig({ DATA_DIR: dir() });
    expect(c).toMatchObject({ backupDir: undefined, backupKeep: 7, backupCron: "30 3 * * *", migrateAtStart: true });
    const set = parseConfig({
      DATA_DIR: dir(),
      BACKUP_DIR: "backups",
      BACKUP_KEEP: "3",
      BACKUP_CRON: "0 2 * * 0",
      MIGRATE_AT_START: "0",
    });
    expect(set).toMatchObject({
      backupDir: path.resolve("backups"),
      backupKeep: 3,
      backupCron: "0 2 * * 0",
      migrateAtStart: false,
    });
  });

  it("names the variable when a value is bad", () => {
    expect(() => parseConfig({ DATA_DIR: dir(), BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: must be at least 1/);
    expect(() => parseConfig({ DATA_DIR: dir(), BACKUP_CRON: "nightly" })).toThrow(
      /BACKUP_CRON: must be a cron expression of five fields/,
    );
    expect(() => parseConfig({ DATA_DIR: dir(), MIGRATE_AT_START: "maybe" })).toThrow(
      /MIGRATE_AT_START: must be one of/,
    );
  });

  it("never prints DATABASE_URL's password", () => {
    expect(redactDatabaseUrl("postgres://vpm_app:s3cret@db:5432/vpm")).toBe("postgres://vpm_app:***@db:5432/vpm");
    expect(redactDatabaseUrl("postgres://vpm_app@db/vpm")).toBe("postgres://vpm_app@db/vpm");
  });
});
