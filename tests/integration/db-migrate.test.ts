import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runToExit } from "../fixtures/run-to-exit";

/** Issue 29: `npm run db:migrate` names the migrations it applied, or says there was nothing to do. */
describe("npm run db:migrate (scripts/db-migrate.ts)", () => {
  it("names each migration it applies on a new database, then says it is already up to date", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vpm-migrate-"));
    const run = () =>
      runToExit([path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/db-migrate.ts"], {
        cwd: process.cwd(),
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      });
    const first = await run();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/Migrations: applied \d+ on the embedded database/);
    expect(first.output).toMatch(/^ {2}0000_init$/m);
    expect(first.output).toMatch(/^ {2}0001_listing_score$/m);
    const second = await run();
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/Migrations: already up to date, \d+ applied/);
    expect(second.output).not.toMatch(/0000_init/);
  }, 120_000);
});
