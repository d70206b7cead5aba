import { describe, expect, it } from "vitest";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { startTestServices } from "../fixtures/services";

const services = await startTestServices();

describe("rate limit counters in the database", () => {
  it("allows up to the limit in a window, then refuses until the window passes", async () => {
    const t0 = new Date("2026-11-22T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(services.db, "test:key", 3, 60, t0));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterSeconds).toBe(60);
    const later = await hitRateLimit(services.db, "test:key", 3, 60, new Date(t0.getTime() + 61_000));
    expect(later.allowed).toBe(true);
    expect(later.remaining).toBe(2);
  });

  it("counts keys separately", async () => {
    const now = new Date();
    await hitRateLimit(services.db, "a:1", 1, 60, now);
    expect((await hitRateLimit(services.db, "a:1", 1, 60, now)).allowed).toBe(false);
    expect((await hitRateLimit(services.db, "a:2", 1, 60, now)).allowed).toBe(true);
  });
});

describe("local file storage", () => {
  it("stores, reads and deletes a file", async () => {
    await services.storage.put("profile/abc.png", new Uint8Array([1, 2, 3]), "image/png");
    const got = await services.storage.get("profile/abc.png");
    expect(got?.size).toBe(3);
    got?.body.destroy();
    await services.storage.delete("profile/abc.png");
    expect(await services.storage.get("profile/abc.png")).toBeNull();
  });

  it("refuses keys that could leave the uploads folder", async () => {
    await expect(services.storage.put("../etc/passwd", new Uint8Array([1]), "text/plain")).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(services.storage.put("/abs/path", new Uint8Array([1]), "text/plain")).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});
