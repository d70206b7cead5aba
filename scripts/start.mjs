// `npm start`: build when the build is missing or older than the sources, then run server.ts.
import "./check-node.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import module from "node:module";
import path from "node:path";

// `npm start` on a fresh clone is the demo: optimised production code (React's production build) with demo data.
// A real deployment sets NODE_ENV=production itself and then must bring its own secrets; no demo is seeded.
if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = "production";
  process.env.SEED_DEMO ??= "1";
}

// Node keeps compiled bytecode on disk, so every start after the first imports the server faster.
module.enableCompileCache?.(path.resolve("node_modules/.cache/vpm-compile-cache"));

const BUILD_MARK = "build/server/index.js";
const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "package.json", "package-lock.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = existsSync(BUILD_MARK) ? statSync(BUILD_MARK).mtimeMs : 0;
const sources = Math.max(...SOURCES.map(newestMtime));
if (built < sources) {
  console.log(built ? "Sources changed since the last build: building..." : "No build yet: building...");
  const r = spawnSync("react-router", ["build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
await import("../server.ts");
