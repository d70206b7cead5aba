import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runToExit } from "../tests/fixtures/run-to-exit";

/**
 * Issue 29: the first `npm start` prints a few lines, not the build's few hundred. scripts/start.mjs runs for real in
 * a folder of its own whose `react-router build` is a stand-in on PATH printing 300 lines: they go to
 * node_modules/.cache/vpm-build.log; a failed build prints the log's end and where the log is, and exits non-zero.
 */
const START = path.resolve("scripts/start.mjs");

function project(fails: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), "vpm-start-log-"));
  mkdirSync(path.join(dir, "app"));
  mkdirSync(path.join(dir, "bin"));
  const fakeBuild = [
    "#!/bin/sh",
    'i=0; while [ $i -lt 300 ]; do echo "vite: transforming chunk $i"; i=$((i+1)); done',
    fails ? 'echo "error: Could not resolve ./missing" >&2; exit 3' : "mkdir -p build/server",
    `echo 'export const entry = { module: { startup: async () => { console.log("started"); process.exit(0); } } };' > build/server/index.js`,
  ].join("\n");
  writeFileSync(path.join(dir, "bin", "react-router"), `${fakeBuild}\n`);
  chmodSync(path.join(dir, "bin", "react-router"), 0o755);
  writeFileSync(path.join(dir, "app", "root.tsx"), "export {};\n");
  return dir;
}

function npmStart(dir: string) {
  return runToExit([START], {
    cwd: dir,
    env: { PATH: `${path.join(dir, "bin")}:${process.env.PATH}`, HOME: process.env.HOME, NODE_ENV: "production" },
  });
}

describe("npm start's first build", () => {
  it("prints two lines about the build and keeps its output in a log file", async () => {
    const dir = project(false);
    const r = await npmStart(dir);
    expect(r.code).toBe(0);
    expect(r.output).toContain(
      "No build yet: building (about a minute; output in node_modules/.cache/vpm-build.log)...",
    );
    expect(r.output).toMatch(/Built in \d+ s\./);
    expect(r.output).toContain("started");
    expect(r.output).not.toContain("transforming chunk");
    expect(r.output.trim().split("\n").length).toBeLessThanOrEqual(4);
    const log = readFileSync(path.join(dir, "node_modules/.cache/vpm-build.log"), "utf8");
    expect(log).toContain("vite: transforming chunk 299");
  }, 30_000);

  it("shows the end of the log and where it is when the build fails, and exits with the build's status", async () => {
    const dir = project(true);
    const r = await npmStart(dir);
    expect(r.code).toBe(3);
    expect(r.output).toContain("error: Could not resolve ./missing");
    expect(r.output).toContain("vite: transforming chunk 299");
    expect(r.output).not.toContain("vite: transforming chunk 100\n");
    expect(r.output).toContain("The build failed (exit 3); the whole output is in node_modules/.cache/vpm-build.log.");
    expect(r.output).not.toContain("started");
  }, 30_000);
});
