// Starts the production build on a fresh embedded database for the end-to-end tests, one folder per port (a lane of
// playwright.config.ts).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = `tests/.tmp/e2e-data-${port}`;
rmSync(dataDir, { recursive: true, force: true });
const child = spawn("node", ["scripts/start.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    SEED_DEMO: "1",
    PORT: port,
    DATA_DIR: dataDir,
    BETTER_AUTH_URL: `http://localhost:${port}`,
    BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
    LOG_LEVEL: "warn",
    // No timed jobs: the nightly inactive-users refresh at 03:15 New York time would rewrite the list the admin
    // header tests read, so a run crossing that minute would fail.
    JOB_SCHEDULES: "0",
  },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
