import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL;

/**
 * Lanes (decision 0055): in CI the specs run in two lanes side by side, each with its own server and its own fresh
 * demo database on its own port, so no spec sees another lane's changes; within a lane the specs run one after
 * another as before. Elsewhere one lane (one server), unless E2E_LANES=2. LANE_B holds about half the suite's time.
 */
const LANES = external ? 1 : Number(process.env.E2E_LANES ?? (process.env.CI ? 2 : 1));
const LANE_B = [
  // The admin specs but bots and marketing (issue 33; marketing files too, decision 0091), which lane A takes to keep the lanes even.
  "admin.spec.ts",
  "admin-{api-keys,banners,email-templates,listings,media,menus,resources,users}.spec.ts",
  "agreement-lifecycle.spec.ts",
  "auth.spec.ts",
  "content.spec.ts",
  "content-pages.spec.ts",
  "impersonation.spec.ts",
  "inventory.spec.ts",
  "layout.spec.ts",
  "listings*.spec.ts",
  "notifications.spec.ts",
  "offers-nojs.spec.ts",
  "pdf-viewer.spec.ts",
  "resorts-admin.spec.ts",
  "resort-tabs.spec.ts",
  "dues-prices.spec.ts",
  "title-companies.spec.ts",
  "verify.spec.ts",
  "voices.spec.ts",
].map((glob) => `**/${glob}`);

const chromium = { ...devices["Desktop Chrome"], channel: undefined };

function lane(name: string, port: number, files: { testMatch?: string[]; testIgnore?: string[] }) {
  return { name, ...files, use: { ...chromium, baseURL: `http://localhost:${port}` } };
}

function server(port: number) {
  return {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: { E2E_PORT: String(port) },
  };
}

/** End-to-end tests drive the production build in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: LANES,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    // A trace records a screencast and DOM snapshots of every step: a quarter of the suite's time when kept for
    // every test. CI retries a failed test once; its retry records the trace (decision 0099).
    trace: "on-first-retry",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: external
    ? [{ name: "chromium", use: { ...chromium, baseURL: external } }]
    : LANES === 2
      ? [
          { ...lane("lane-a", PORT, { testIgnore: LANE_B }), workers: 1 },
          { ...lane("lane-b", PORT + 1, { testMatch: LANE_B }), workers: 1 },
        ]
      : [lane("chromium", PORT, {})],
  webServer: external ? undefined : LANES === 2 ? [server(PORT), server(PORT + 1)] : server(PORT),
});
