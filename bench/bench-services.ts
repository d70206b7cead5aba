import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openPostgres } from "~/db/client.server";
import { parseConfig } from "~/lib/config.server";
import { setServices, startServices } from "~/lib/runtime.server";
import { keepSharedReads } from "~/lib/shared-reads.server";
import { APP_PARTS } from "~/modules/app-parts.server";

export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret";

/**
 * The app's services in this process on a benchmark's PostgreSQL database (production mode, no jobs, quiet logs,
 * a fresh DATA_DIR named after `name`), plus a bare `pg` pool of the same size on it. `seed` loads the demo data
 * (a fresh database); `site` is the auth origin.
 */
export async function startBenchServices(
  dbUrl: string,
  { name, seed, site = "http://localhost:3000" }: { name: string; seed: boolean; site?: string },
) {
  const config = parseConfig({
    NODE_ENV: "production",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `vpm-bench-${name}-`)),
    DATABASE_URL: dbUrl,
    BETTER_AUTH_URL: site,
    BETTER_AUTH_SECRET: BENCH_SECRET,
    SEED_DEMO: seed ? "1" : "0",
    RUN_JOBS: "0",
    LOG_LEVEL: "warn",
  });
  const services = await startServices(config, {
    parts: APP_PARTS,
    database: openPostgres(dbUrl, 10),
    runWorkers: false,
  });
  setServices(services);
  // As the web process does at start-up (entry.server's `startup`): site-wide reads kept while the change feed
  // stands still (decision 0098), so a loader or an action called here costs what it costs in production.
  keepSharedReads({ changes: services.changes, maxAgeMs: config.pageCacheSeconds * 1000 });
  return { services, raw: new pg.Pool({ connectionString: dbUrl, max: 10 }) };
}
