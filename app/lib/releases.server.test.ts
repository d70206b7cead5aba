import { existsSync, mkdirSync, mkdtempSync, readlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientDirsFinder, currentBuildDir, pruneReleases, releaseDirs, switchCurrent } from "./releases.server";

function release(root: string, name: string) {
  const dir = path.join(root, "releases", name);
  mkdirSync(path.join(dir, "server"), { recursive: true });
  mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
  writeFileSync(path.join(dir, "server", "index.js"), "export {};\n");
  return dir;
}

describe("releases built beside one another (issue 29)", () => {
  it("without build/current the build is build/ itself; with it, the release it points at", () => {
    const root = mkdtempSync(path.join(tmpdir(), "vpm-rel-"));
    expect(currentBuildDir(root)).toBe(path.resolve(root));
    const a = release(root, "20261201T000000Z");
    switchCurrent(a, root);
    expect(readlinkSync(path.join(root, "current"))).toBe(path.join("releases", "20261201T000000Z"));
    expect(currentBuildDir(root)).toBe(a);
    const b = release(root, "20261202T000000Z");
    switchCurrent(b, root);
    expect(currentBuildDir(root)).toBe(b);
    // No temporary link left behind.
    expect(existsSync(path.join(root, `.current-${process.pid}`))).toBe(false);
  });

  it("serves a process's own files first, then every other release's, newest first, and finds new ones", () => {
    const root = mkdtempSync(path.join(tmpdir(), "vpm-rel-"));
    const a = release(root, "20261201T000000Z");
    let now = 0;
    const dirs = clientDirsFinder(a, root, () => now);
    now = 2000;
    expect(dirs()).toEqual([path.join(a, "client")]);
    const b = release(root, "20261202T000000Z");
    expect(dirs()).toEqual([path.join(a, "client")]); // looked up again after a second
    now = 3500;
    expect(dirs()).toEqual([path.join(a, "client"), path.join(b, "client")]);
  });

  it("keeps the newest releases and never removes the current one", () => {
    const root = mkdtempSync(path.join(tmpdir(), "vpm-rel-"));
    const names = ["20261201T000000Z", "20261202T000000Z", "20261203T000000Z", "20261204T000000Z"];
    const dirs = names.map((n) => release(root, n));
    switchCurrent(dirs[0], root); // a rollback to the oldest
    expect(pruneReleases(2, root)).toEqual(["20261202T000000Z"]);
    expect(releaseDirs(root).map((d) => path.basename(d))).toEqual([names[3], names[2], names[0]]);
  });
});
