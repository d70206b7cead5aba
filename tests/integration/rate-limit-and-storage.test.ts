import { describe, expect, it } from "vitest";
import { giveBackRateLimit, hitRateLimit, passDelayGate } from "~/lib/rate-limit.server";
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

  it("gives a count back, never below zero", async () => {
    const now = new Date();
    await hitRateLimit(services.db, "b:1", 1, 60, now);
    await giveBackRateLimit(services.db, "b:1");
    await giveBackRateLimit(services.db, "b:1");
    expect((await hitRateLimit(services.db, "b:1", 1, 60, now)).allowed).toBe(true);
    expect((await hitRateLimit(services.db, "b:1", 1, 60, now)).allowed).toBe(false);
  });
});

describe("a progressive delay gate", () => {
  const gate = { freeAttempts: 3, baseDelaySeconds: 1, maxDelaySeconds: 4, quietSeconds: 600 };
  const at = (t0: Date, seconds: number) => new Date(t0.getTime() + seconds * 1000);

  it("lets the free attempts through, then waits 1, 2, 4, 4 seconds between attempts, refusing meanwhile", async () => {
    const t0 = new Date("2026-11-22T10:00:00Z");
    for (let i = 0; i < 3; i++) expect((await passDelayGate(services.db, "gate:1", gate, t0)).allowed).toBe(true);
    let t = 0;
    for (const wait of [1, 2, 4, 4]) {
      // The attempt past the free ones goes through, and shuts the gate for `wait` seconds.
      expect((await passDelayGate(services.db, "gate:1", gate, at(t0, t))).allowed).toBe(true);
      const shut = await passDelayGate(services.db, "gate:1", gate, at(t0, t));
      expect(shut).toMatchObject({ allowed: false, retryAfterSeconds: wait });
      expect((await passDelayGate(services.db, "gate:1", gate, at(t0, t + wait - 0.5))).allowed).toBe(false);
      t += wait;
    }
    // A quiet streak starts again.
    const quiet = at(t0, t + 601);
    for (let i = 0; i < 3; i++) expect((await passDelayGate(services.db, "gate:1", gate, quiet)).allowed).toBe(true);
  });

  it("lets only one of many concurrent attempts through a shut-then-open gate", async () => {
    const t0 = new Date("2026-11-22T11:00:00Z");
    for (let i = 0; i < 3; i++) await passDelayGate(services.db, "gate:2", gate, t0);
    const all = await Promise.all(Array.from({ length: 20 }, () => passDelayGate(services.db, "gate:2", gate, t0)));
    expect(all.filter((r) => r.allowed)).toHaveLength(1);
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
