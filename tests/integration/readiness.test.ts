import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { wrapPglite } from "~/db/client.server";
import { migrationsApplied } from "~/db/migration-state.server";
import { checkReadiness } from "~/lib/health.server";
import { createS3Storage } from "~/lib/s3-storage.server";
import { loader as readyLoader } from "~/routes/api/ready";
import { startS3rver } from "../fixtures/s3rver";
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
    // PGlite.create takes seconds on a loaded shared machine: more than the default 30 s were seen.
  }, 90_000);
});

describe("readiness with an S3 bucket (issue 29)", () => {
  it("is 503 naming the bucket when it does not exist or the keys are refused, and 200 when it answers", async () => {
    const s3 = await startS3rver();
    const good = createS3Storage(s3.config);
    const missing = createS3Storage({ ...s3.config, bucket: "vpm-no-such-bucket" });
    // A store that refuses the keys, as AWS does for a wrong secret (s3rver accepts any key).
    const refusing = createServer((_req, res) => {
      res.writeHead(403, { "content-type": "application/xml" });
      res.end("<Error><Code>InvalidAccessKeyId</Code><Message>The key does not exist.</Message></Error>");
    });
    await new Promise<void>((r) => refusing.listen(0, "127.0.0.1", r));
    const badKeys = createS3Storage({
      ...s3.config,
      endpoint: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`,
    });
    afterAll(async () => {
      for (const s of [good, missing, badKeys]) s.close();
      await new Promise<void>((r) => refusing.close(() => r()));
    });

    expect(await checkReadiness({ ...services, storage: missing }, { draining: false })).toEqual({
      ready: false,
      reason: "file storage unreachable",
      detail: "bucket vpm-no-such-bucket: no such bucket (check S3_BUCKET, or create it) (HTTP 404)",
    });
    expect(await checkReadiness({ ...services, storage: badKeys }, { draining: false })).toMatchObject({
      ready: false,
      reason: "file storage unreachable",
      detail: expect.stringMatching(/^bucket vpm-test-uploads: access denied \(check S3_ACCESS_KEY_ID/),
    });
    expect(await checkReadiness({ ...services, storage: good }, { draining: false })).toEqual({
      ready: true,
      database: services.database.driver,
    });
  });
});
