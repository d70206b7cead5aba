import { chmodSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runToExit } from "../tests/fixtures/run-to-exit";
import { describe, expect, it } from "vitest";

/**
 * Issue 16: two `npm start` in one folder after a source change never build at once. scripts/start.mjs runs for real,
 * twice at the same moment, in a folder of its own whose `react-router build` is a stand-in on PATH (it counts its
 * runs, takes a second, and writes a build whose start-up says "started" and exits): one process builds, the other
 * waits for it and starts on that build without building. The stand-in build also shows what start.mjs set: the demo is
 * implied on the embedded database only.
 */
const START = path.resolve("scripts/start.mjs");

function project() {
  const dir = mkdtempSync(path.join(tmpdir(), "vpm-start-mjs-"));
  mkdirSync(path.join(dir, "app"));
  mkdirSync(path.join(dir, "bin"));
  const fakeBuild = [
    "#!/bin/sh",
    "echo build >> builds.log",
    "sleep 1",
    "mkdir -p build/server",
    `echo 'export const entry = { module: { startup: async () => { console.log("started", process.env.NODE_ENV, "SEED_DEMO=" + process.env.SEED_DEMO); process.exit(0); } } };' > build/server/index.js`,
  ].join("\n");
  writeFileSync(path.join(dir, "bin", "react-router"), `${fakeBuild}\n`);
  chmodSync(path.join(dir, "bin", "react-router"), 0o755);
  writeFileSync(path.join(dir, "app", "root.tsx"), "export {};\n");
  return dir;
}

function npmStart(dir: string, env: Record<string, string | undefined> = { NODE_ENV: "production" }) {
  return runToExit([START], {
    cwd: dir,
    env: { PATH: `${path.join(dir, "bin")}:${process.env.PATH}`, HOME: process.env.HOME, ...env },
  });
}

const builds = (dir: string) => readFileSync(path.join(dir, "builds.log"), "utf8").trim().split("\n").length;

describe("npm start (scripts/start.mjs)", () => {
  it("run twice at once in one folder builds once: the second waits for the first's build and starts on it", async () => {
    const dir = project();
    const [a, b] = await Promise.all([npmStart(dir), npmStart(dir)]);
    expect(a).toMatchObject({ code: 0 });
    expect(b).toMatchObject({ code: 0 });
    expect(a.output + b.output).toMatch(/started[\s\S]*started/);
    expect(builds(dir)).toBe(1);
    expect(a.output + b.output).toMatch(/Another npm start \(pid \d+\) is building: waiting for it/);

    // A source changed since the build (the build is made older than it): again one build between the two.
    const earlier = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(dir, "build", "server", "index.js"), earlier, earlier);
    const [c, d] = await Promise.all([npmStart(dir), npmStart(dir)]);
    expect([c.code, d.code]).toEqual([0, 0]);
    expect(builds(dir)).toBe(2);
  }, 30_000);

  it("takes over a lock left by a process that is gone", async () => {
    const dir = project();
    // A pid that is not running: the highest a Linux pid can be.
    writeFileSync(path.join(dir, ".build.lock"), "4194304\n");
    const r = await npmStart(dir);
    expect(r).toMatchObject({ code: 0 });
    expect(r.output).not.toContain("waiting");
    expect(builds(dir)).toBe(1);
  }, 30_000);

  it("implies the demo (SEED_DEMO=1) without NODE_ENV on the embedded database only, never on PostgreSQL", async () => {
    const dir = project();
    const embedded = await npmStart(dir, {});
    expect(embedded.output).toContain("started production SEED_DEMO=1");
    const postgres = await npmStart(dir, { DATABASE_URL: "postgres://app@db.internal/vpm" });
    expect(postgres.output).toContain("started production SEED_DEMO=undefined");
    const asked = await npmStart(dir, { DATABASE_URL: "postgres://app@db.internal/vpm", SEED_DEMO: "1" });
    expect(asked.output).toContain("started production SEED_DEMO=1");
  }, 30_000);
});
