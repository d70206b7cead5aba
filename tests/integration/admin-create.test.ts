import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "~/db/client.server";
import { activityJournal, user } from "~/db/schema";
import { startServices } from "~/lib/runtime.server";
import { APP_PARTS } from "~/modules/app-parts.server";
import { isResetTokenValid, resetPassword } from "~/modules/accounts/auth-password-reset.server";
import { withDatabase } from "../fixtures/app-processes";
import { runToExit } from "../fixtures/run-to-exit";
import { PG_TEMPLATE_DB, TEMPLATE_DUMP, testConfig } from "../fixtures/test-config";

/**
 * Issue 29: `npm run admin:create -- --email EMAIL` (scripts/admin-create.ts) run as the operator runs it, in a process
 * of its own, against a database of its own: the embedded one in a DATA_DIR (the PGlite pass) or a PostgreSQL database
 * cloned from the test template (TEST_DATABASE_URL). It creates the administrator (or promotes an account), journals
 * it, and prints a link on BETTER_AUTH_URL whose token sets the password; a bad email is refused with exit 2.
 */
const url = process.env.TEST_DATABASE_URL;
const AUTH = {
  BETTER_AUTH_URL: "https://ops.example.test",
  BETTER_AUTH_SECRET: "admin-create-secret-admin-create-secret",
};
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** A database with the template's migrated, seeded data, and the environment that points the command at it. */
async function templateDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpm-admin-create-"));
  if (url) {
    const name = `vpm_ops_admin_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
    await admin.end();
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    });
    const databaseUrl = withDatabase(url, name);
    return { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, open: async () => openPostgres(databaseUrl, 2) };
  }
  const pglite = await PGlite.create(path.join(dataDir, "pglite"), {
    loadDataDir: new Blob([readFileSync(TEMPLATE_DUMP)]),
  });
  await pglite.close();
  return { env: { DATA_DIR: dataDir }, open: () => openPglite(dataDir) };
}

function adminCreate(env: Record<string, string>, ...args: string[]) {
  return runToExit(["--import", "tsx", "scripts/admin-create.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "error", ...AUTH, ...env },
  });
}

describe("npm run admin:create", () => {
  it("creates an administrator with a working set-password link, promotes an account, refuses a bad email", async () => {
    const db = await templateDatabase();
    const [made, bad, missing] = await Promise.all([
      adminCreate(db.env, "--email", "First.Admin@Example.test", "--name", "First Admin"),
      adminCreate(db.env, "--email", "not-an-email"),
      adminCreate(db.env),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--email "not-an-email" is not an email address (such as ops@example.com).');
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("--email is required.");

    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain("Created the administrator first.admin@example.test (journaled).");
    const link = /https:\/\/ops\.example\.test\/reset-password\?token=([0-9a-f]{48})/.exec(made.output);
    expect(link, made.output).not.toBeNull();
    const token = (link as RegExpExecArray)[1];

    // An existing account (the demo buyer) is promoted; the database is free again once the command exits.
    const promoted = await adminCreate(db.env, "--email", "buyer@example.com");
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toContain("Made an administrator of buyer@example.com (journaled).");

    const handle = await db.open();
    const services = await startServices(testConfig({ ...AUTH, DATA_DIR: db.env.DATA_DIR }), {
      parts: APP_PARTS,
      database: handle,
      migrate: false,
      runWorkers: false,
    });
    cleanups.push(() => services.stop());
    for (const email of ["first.admin@example.test", "buyer@example.com"]) {
      const [row] = await services.db.select().from(user).where(eq(user.email, email));
      expect(row, email).toMatchObject({ role: "admin", staffRole: "admin" });
      const journal = await services.db
        .select()
        .from(activityJournal)
        .where(and(eq(activityJournal.userId, row.id), eq(activityJournal.kind, "account.admin-create")));
      expect(journal).toHaveLength(1);
      expect(journal[0].summary).toMatch(/from the server's command line \(npm run admin:create/);
    }

    // The printed link sets the password once; the administrator then signs in with it.
    expect(await isResetTokenValid(services, token)).toBe(true);
    await resetPassword(services, {
      input: { token, password: "first-admin-pass", confirmPassword: "first-admin-pass" },
      headers: new Headers(),
      ip: "127.0.0.1",
    });
    expect(await isResetTokenValid(services, token)).toBe(false);
    const signedIn = await services.auth.api.signInEmail({
      body: { email: "first.admin@example.test", password: "first-admin-pass" },
    });
    expect(signedIn.user).toMatchObject({ email: "first.admin@example.test", role: "admin" });
  }, 180_000);
});
