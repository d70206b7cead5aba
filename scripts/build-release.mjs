// `npm run build` (issue 29, docs/deploy.md "Releases"): builds into a new folder build/releases/<time> while the
// running processes keep serving the previous build, then switches build/current to it at once. Processes pick the new
// build when they restart; until then each serves its own build's files and every other release's (server.ts), so no
// page, old or new, misses a file. Keeps the newest five releases (RELEASES_KEPT) for old pages and rollbacks.
import "./check-node.mjs";
import { spawnSync } from "node:child_process";
import path from "node:path";

const { releaseName, switchCurrent, pruneReleases, RELEASES } = await import("../app/lib/releases.server.ts");

const root = "build";
const release = path.join(root, RELEASES, releaseName());
const t0 = performance.now();
console.log(`Building release ${release}...`);
const r = spawnSync("react-router", ["build"], { stdio: "inherit", env: { ...process.env, VPM_BUILD_DIR: release } });
if (r.status !== 0) {
  console.error(`The build failed (exit ${r.status ?? r.signal}): build/current still points at the previous release.`);
  process.exit(r.status ?? 1);
}
switchCurrent(release, root);
const removed = pruneReleases(Number(process.env.RELEASES_KEPT ?? 5), root);
console.log(
  `Release ${path.basename(release)} built in ${Math.round((performance.now() - t0) / 1000)} s; build/current points at it.` +
    (removed.length ? ` Removed old releases: ${removed.join(", ")}.` : "") +
    " Restart the processes one at a time to serve it (docs/deploy.md).",
);
