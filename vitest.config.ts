import { defineConfig } from "vitest/config";
import { compactIcons } from "./scripts/vite-compact-icons.ts";

/**
 * Integration files that never open a database (S3 against s3rver, the storage copy command, PDF sealing): they run
 * in the PGlite pass only, not again in the PostgreSQL pass (`npm test` runs the integration project twice when
 * TEST_DATABASE_URL is set).
 */
const DATABASE_FREE = [
  "tests/integration/s3-storage.test.ts",
  "tests/integration/storage-copy.test.ts",
  "tests/integration/contracts-seal.test.ts",
  // Its processes run on embedded databases of their own whichever pass it is (161 s a pass on CI).
  "tests/integration/proxy-release.test.ts",
];

export default defineConfig({
  // lucide's icons drawn as the app's builds draw them (decision 0105): the package's ES modules (Node's condition
  // would pick its single CommonJS file) run through the plugin.
  resolve: {
    tsconfigPaths: true,
    alias: [{ find: /^lucide-react$/, replacement: "lucide-react/dist/esm/lucide-react.mjs" }],
  },
  plugins: [compactIcons()],
  ssr: { noExternal: ["lucide-react"] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: process.env.TEST_DATABASE_URL ? DATABASE_FREE : [],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database copy; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // Decision 0095: a worker imports the app once and runs file after file in it, instead of importing the
          // whole app again for every file (import was two thirds of the pass). Each file still opens its own
          // database copy and installs it with setServices, so no file sees another's data.
          isolate: false,
        },
      },
    ],
  },
});
