import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MENU_ITEMS } from "~/db/seed/reference-data";
import { emptyDatabase, type LoadedProcess, loadAppProcess, rowCounts } from "../fixtures/app-processes";

/**
 * Issue 16: processes started at once on one empty PostgreSQL database. Two web processes (RUN_JOBS=0) and a worker
 * (RUN_JOBS=1), each with its own DATA_DIR as on separate hosts, start at the same moment; every one comes up, and
 * every table holds exactly what one process starting alone leaves (migrations and seeding run under an advisory
 * lock, and each seed step is claimed once). Five trials, each on a fresh empty database.
 *
 * The processes load the app's code first and then start together when told, trial after trial: what races is
 * start-up itself (open, migrate, seed, jobs), not the seconds each process spends loading its code, which would
 * stagger them.
 * PostgreSQL only (one process at a time on PGlite): skipped without TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
const TRIALS = Number(process.env.CONCURRENT_START_TRIALS ?? 5);

const processEnv = (runJobs: "0" | "1") => ({
  NODE_ENV: "production",
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "vpm-start-")),
  BETTER_AUTH_URL: "http://localhost:3000",
  BETTER_AUTH_SECRET: "start-secret-start-secret-start-secret",
  SEED_DEMO: "1",
  RUN_JOBS: runJobs,
  DATABASE_POOL_MAX: "4",
});

describe.skipIf(!url)("two web processes and a worker started at once on an empty database", () => {
  const procs: LoadedProcess[] = [];
  const drops: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill()));
    for (const drop of drops) await drop().catch(() => {});
  });

  it(`all come up, and every table's row count equals a single start's (${TRIALS} trials)`, async () => {
    let t0 = performance.now();
    procs.push(loadAppProcess(processEnv("0")), loadAppProcess(processEnv("0")), loadAppProcess(processEnv("1")));
    await Promise.all(procs.map((p) => p.loaded));
    const figures = [`loaded in ${Math.round(performance.now() - t0)} ms`];

    // One web process alone: the row counts to compare with.
    const single = await emptyDatabase(url as string, "vpm_start_single");
    drops.push(single.drop);
    t0 = performance.now();
    expect(await procs[0].start({ DATABASE_URL: single.url })).toBeNull();
    figures.push(`one alone ${Math.round(performance.now() - t0)} ms`);
    await procs[0].stopServices();
    const expected = await rowCounts(single.url);
    expect(expected["public.resorts"]).toBe(18);
    expect(expected["public.menu_items"]).toBe(MENU_ITEMS.length);
    expect(expected["public.listings"]).toBe(300);
    await single.drop();

    for (let trial = 1; trial <= TRIALS; trial++) {
      const db = await emptyDatabase(url as string, "vpm_start_trial");
      drops.push(db.drop);
      t0 = performance.now();
      const failures = await Promise.all(procs.map((p) => p.start({ DATABASE_URL: db.url })));
      figures.push(`trial ${trial}: 3 up in ${Math.round(performance.now() - t0)} ms`);
      expect(failures, `trial ${trial}: every process comes up`).toEqual([null, null, null]);
      t0 = performance.now();
      await Promise.all(procs.map((p) => p.stopServices()));
      figures.push(`stopped in ${Math.round(performance.now() - t0)} ms`);
      expect(await rowCounts(db.url), `trial ${trial}: the row counts of one start`).toEqual(expected);
      await db.drop();
    }
    console.log(`concurrent start: ${figures.join("; ")}`);
  }, 180_000);
});
