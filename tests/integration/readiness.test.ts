import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { wrapPglite } from "~/db/client.server";
import { migrationsApplied } from "~/db/migration-state.server";
import { checkReadiness } from "~/lib/health.server";
import { loader as readyLoader } from "~/routes/api/ready";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

/**
 * The readiness check (/api/ready, decision 0046): ready while the database answers and has this code's migrations;
 * 503 while the process drains after SIGTERM (tests/integration/graceful-shutdown.test.ts sees that on a real process),
 * and on a database with no migrations.
 */
const services = await startTestServices();

describe("readiness", () => {
  it("answers 200 on a migrated database that answers, and never from a cache", async () => {
    const res = await callRoute(readyLoader as never, makeRequest("/api/ready"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ready: true, database: services.database.driver });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("is not ready while the process drains", async () => {
    expect(await checkReadiness(services, { draining: true })).toEqual({ ready: false, reason: "draining" });
  });

  it("is not ready before the migrations are applied, nor when the database does not answer", async () => {
    const empty = wrapPglite(await PGlite.create());
    expect(await migrationsApplied(empty.db)).toBe(false);
    expect(await checkReadiness({ db: empty.db, database: empty }, { draining: false })).toEqual({
      ready: false,
      reason: "migrations not applied",
    });
    await empty.close();
    expect(await checkReadiness({ db: empty.db, database: empty }, { draining: false })).toEqual({
      ready: false,
      reason: "database unreachable",
    });
  });
});
