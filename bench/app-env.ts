import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { currentBuildDir } from "~/lib/releases.server";

/**
 * The environment a benchmark starts the production build with: the demo seed, production mode, quiet logs, the
 * given port (the auth origin follows it) and whatever the benchmark adds (a DATABASE_URL, a DATA_DIR).
 */
export function benchAppEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    SEED_DEMO: "1",
    PORT: String(port),
    BETTER_AUTH_URL: `http://localhost:${port}`,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/**
 * Makes sure there is a production build to serve: the current release of `npm run build` (build/current), built
 * first when there is none. (`react-router build` alone writes build/ itself and deletes the releases, the one a
 * running process serves included.)
 */
export function ensureBuild() {
  if (existsSync(path.join(currentBuildDir(), "server", "index.js"))) return;
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status})`);
}

/** Waits until `url` answers 200 (a server starting: building, migrating, seeding); throws after `timeoutMs`. */
export async function waitFor200(url: string, timeoutMs = 180_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      const res = await fetch(url);
      await res.text();
      if (res.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no 200 from ${url}`);
}
