// `npm start`: build when the build is missing or older than the sources, then run server.ts.
import "./check-node.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import module from "node:module";
import path from "node:path";

// Loaded after check-node.mjs has run (a static import of a .ts file would fail on an old Node before its message).
const { tryPidLock } = await import("../app/lib/pid-lock.server.ts");
const { CURRENT } = await import("../app/lib/releases.server.ts");

// `npm start` on a fresh clone is the demo: optimised production code (React's production build) with demo data.
// A real deployment sets NODE_ENV=production itself and then must bring its own secrets; no demo is seeded. On
// PostgreSQL (DATABASE_URL) the demo is never implied: it is seeded only when SEED_DEMO=1 is given.
if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = "production";
  if (!process.env.DATABASE_URL) process.env.SEED_DEMO ??= "1";
}

// Node keeps compiled bytecode on disk, so every start after the first imports the server faster.
module.enableCompileCache?.(path.resolve("node_modules/.cache/vpm-compile-cache"));

// With releases (`npm run build`: build/current points at build/releases/<time>), the current release is checked and a
// stale one is replaced by a new release; without them, build/ itself (a plain `react-router build`).
const RELEASED = existsSync(path.join("build", CURRENT));
const BUILD_MARK = RELEASED ? path.join("build", CURRENT, "server", "index.js") : "build/server/index.js";
const BUILD_LOCK = ".build.lock";
const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "package.json", "package-lock.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds when the build is missing or older than the sources; the exit status of the build, 0 when none was needed. */
function buildIfStale() {
  const built = existsSync(BUILD_MARK) ? statSync(BUILD_MARK).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built >= sources) return 0;
  console.log(built ? "Sources changed since the last build: building..." : "No build yet: building...");
  const r = RELEASED
    ? spawnSync(process.execPath, [path.resolve("scripts/build-release.mjs")], { stdio: "inherit" })
    : spawnSync("react-router", ["build"], { stdio: "inherit" });
  return r.status ?? 1;
}

// Two `npm start` in one folder take turns on the build: a lock file holds the pid of the one that checks and builds
// (a lock whose process is gone is taken over). The other waits, then finds the build fresh and starts without
// building; two builds into one build/ folder would break each other (ERR_MODULE_NOT_FOUND).
let waitingFor = 0;
for (;;) {
  const taken = tryPidLock(BUILD_LOCK);
  if (!taken.acquired) {
    if (waitingFor !== taken.heldBy)
      console.log(`Another npm start (pid ${taken.heldBy}) is building: waiting for it...`);
    waitingFor = taken.heldBy;
    await new Promise((r) => setTimeout(r, 200));
    continue;
  }
  let status;
  try {
    status = buildIfStale();
  } finally {
    taken.lock.release();
  }
  if (status !== 0) process.exit(status);
  break;
}

const { register } = await import("tsx/esm/api");
register();
await import("../server.ts");
