import { describe, expect, it } from "vitest";
import { createStatementMemo } from "./statement-memo.server";

/** A stand-in for Drizzle's select builder: counts how often it is built and run. */
function fakeBuilder(counts: { built: number; run: number }, answer: unknown) {
  counts.built++;
  return Object.assign(Promise.resolve(answer), {
    _prepare: () => ({
      execute: async () => {
        counts.run++;
        return answer;
      },
    }),
  });
}

describe("createStatementMemo", () => {
  it("builds a statement once per key and handle, and runs it every time", async () => {
    const run = createStatementMemo();
    const db = {};
    const counts = { built: 0, run: 0 };
    expect(await run(db, "a", () => fakeBuilder(counts, [1]))).toEqual([1]);
    expect(await run(db, "a", () => fakeBuilder(counts, [2]))).toEqual([1]);
    expect(counts).toEqual({ built: 1, run: 2 });
    // Another handle (another pool, a PGlite) builds its own.
    expect(await run({}, "a", () => fakeBuilder(counts, [3]))).toEqual([3]);
    expect(counts).toEqual({ built: 2, run: 3 });
  });

  it("keeps at most `size` statements, dropping the least recently used", async () => {
    const run = createStatementMemo(2);
    const db = {};
    const counts = { built: 0, run: 0 };
    await run(db, "a", () => fakeBuilder(counts, "a"));
    await run(db, "b", () => fakeBuilder(counts, "b"));
    await run(db, "a", () => fakeBuilder(counts, "a")); // a is now the most recent
    await run(db, "c", () => fakeBuilder(counts, "c")); // b goes
    expect(counts.built).toBe(3);
    await run(db, "a", () => fakeBuilder(counts, "a"));
    expect(counts.built).toBe(3);
    await run(db, "b", () => fakeBuilder(counts, "b"));
    expect(counts.built).toBe(4);
  });

  it("runs a builder without _prepare as it is, every time", async () => {
    const run = createStatementMemo();
    let built = 0;
    const plain = () => {
      built++;
      return Promise.resolve([built]);
    };
    const db = {};
    expect(await run(db, "a", plain)).toEqual([1]);
    expect(await run(db, "a", plain)).toEqual([2]);
  });
});
