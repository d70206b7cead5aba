// `npm start`: build when the build is missing or older than the sources, then run server.ts.
import "./check-node.mjs";
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
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

const BUILD_LOG = "node_modules/.cache/vpm-build.log";

/**
 * Builds when the build is missing or older than the sources; the exit status of the build, 0 when none was needed.
 * The build's own output (a few hundred lines) goes to BUILD_LOG: one line says it is building and one how long it
 * took; a failed build prints the log's end and where the whole of it is (issue 29).
 */
function buildIfStale() {
  const built = existsSync(BUILD_MARK) ? statSync(BUILD_MARK).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built >= sources) return 0;
  const t0 = Date.now();
  console.log(
    `${built ? "Sources changed since the last build" : "No build yet"}: building (about a minute; output in ${BUILD_LOG})...`,
  );
  mkdirSync(path.dirname(BUILD_LOG), { recursive: true });
  const log = openSync(BUILD_LOG, "w");
  let r;
  try {
    r = RELEASED
      ? spawnSync(process.execPath, [path.resolve("scripts/build-release.mjs")], { stdio: ["ignore", log, log] })
      : spawnSync("react-router", ["build"], { stdio: ["ignore", log, log] });
  } finally {
    closeSync(log);
  }
  const status = r.status ?? 1;
  if (status !== 0) {
    const lines = readFileSync(BUILD_LOG, "utf8").trimEnd().split("\n");
    console.error(lines.slice(-40).join("\n"));
    console.error(
      `The build failed (exit ${status}${r.error ? `: ${r.error.message}` : ""}); the whole output is in ${BUILD_LOG}.`,
    );
    return status;
  }
  console.log(`Built in ${Math.round((Date.now() - t0) / 1000)} s.`);
  return 0;
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
