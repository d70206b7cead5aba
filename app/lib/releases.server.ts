/**
 * Builds beside one another, switched at once (issue 29, docs/deploy.md "Releases"). `npm run build`
 * (scripts/build-release.mjs) builds into a new folder `build/releases/<time>` and then points the symbolic link
 * `build/current` at it in one rename, so a process that starts reads either the whole previous build or the whole new
 * one, never half of each. A running process keeps the build it started with (its server code is loaded); it serves
 * its own build's files first, then those of every other release still on disk, so a page from the previous release
 * (in a browser, or from a process not restarted yet) finds its scripts and styles, and so does a page of the new
 * release answered by a process that still runs the old one.
 *
 * Without `build/current` (a plain `react-router build`, the development checkout, the tests' stand-ins) the build is
 * `build/` itself, as before. Plain TypeScript that Node runs as it is (scripts/start.mjs and build-release.mjs load it
 * before tsx is registered): no `~` imports, no TypeScript-only syntax.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

export const RELEASES = "releases";
export const CURRENT = "current";

/** The build a process starting now runs: the release `build/current` points at, or `build/` without releases. */
export function currentBuildDir(root = "build") {
  const current = path.resolve(root, CURRENT);
  return existsSync(current) ? realpathSync(current) : path.resolve(root);
}

/** A folder name for a new release: its build's start time, sortable. */
export function releaseName(at = new Date()) {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** Every finished release (one with a server build), newest first. */
export function releaseDirs(root = "build") {
  const dir = path.resolve(root, RELEASES);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith(".") && existsSync(path.join(dir, name, "server", "index.js")))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/** Points `build/current` at `release` in one step: a new link beside it, renamed over the old one. */
export function switchCurrent(release: string, root = "build") {
  mkdirSync(path.resolve(root), { recursive: true });
  const current = path.resolve(root, CURRENT);
  const next = path.resolve(root, `.${CURRENT}-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(path.relative(path.resolve(root), path.resolve(release)), next);
  if (existsSync(current) && !lstatSync(current).isSymbolicLink()) rmSync(current, { recursive: true, force: true });
  renameSync(next, current);
}

/**
 * Removes releases beyond the newest `keep`, never the current one: a browser keeps a page for a while, and a rollback
 * (docs/deploy.md) switches back to a release still on disk.
 */
export function pruneReleases(keep = 5, root = "build") {
  const current = existsSync(path.resolve(root, CURRENT)) ? realpathSync(path.resolve(root, CURRENT)) : "";
  const removed: string[] = [];
  for (const dir of releaseDirs(root).slice(keep)) {
    if (realpathSync(dir) === current) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(path.basename(dir));
  }
  return removed;
}

/**
 * The client-file folders to serve a build file from: this process's own build first, then every other release on
 * disk, newest first. Looked up again at most once a second, so a release built after this process started is found.
 */
export function clientDirsFinder(ownBuild: string, root = "build", now: () => number = Date.now) {
  const own = path.join(ownBuild, "client");
  let at = 0;
  let dirs: string[] = [own];
  return () => {
    if (now() - at > 1000) {
      at = now();
      const others = releaseDirs(root)
        .map((d) => path.join(d, "client"))
        .filter((d) => d !== own);
      dirs = [own, ...others];
    }
    return dirs;
  };
}
