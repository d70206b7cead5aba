import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { wrapPglite } from "~/db/client.server";
import { startServices } from "~/lib/runtime.server";
import { APP_PARTS } from "~/modules/app-parts.server";
import { PG_TEMPLATE_DB, TEMPLATE_DUMP, testConfig } from "../fixtures/test-config";

/**
 * Builds one migrated and seeded database per test run: a PGlite dump that every test file
 * loads a copy of, and, when TEST_DATABASE_URL is set, a PostgreSQL template database.
 */
export default async function setup() {
  mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  const pglite = await PGlite.create();
  const services = await startServices(testConfig(), {
    parts: APP_PARTS,
    database: wrapPglite(pglite),
    runWorkers: false,
  });
  await services.jobs.stop();
  const dump = await pglite.dumpDataDir("gzip");
  writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = withDatabase(url, PG_TEMPLATE_DB);
    const s = await startServices(testConfig({ DATABASE_URL: templateUrl }), { parts: APP_PARTS, runWorkers: false });
    await s.stop();
  }
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
