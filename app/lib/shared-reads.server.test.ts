import { afterEach, describe, expect, it } from "vitest";
import { keepSharedReads, sharedRead, stopSharedReads } from "./shared-reads.server";

/** The change feed, moved on by hand, and a clock. */
let version = 0;
let clock = 1_000_000;
const changes = { version: () => version };

function counter(value: () => unknown = () => ({ menus: [{ label: "Buyers" }] })) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    return value();
  };
  return { calls, load };
}

afterEach(() => stopSharedReads());

describe("sharedRead", () => {
  it("reads the database every time until the web process turns keeping on", async () => {
    const { calls, load } = counter();
    await sharedRead("k", load);
    await sharedRead("k", load);
    expect(calls.n).toBe(2);
  });

  it("keeps a value while the change feed stands still, and reads again once it moves", async () => {
    keepSharedReads({ changes, maxAgeMs: 60_000, now: () => clock });
    const { calls, load } = counter();
    const first = await sharedRead("k", load);
    expect(await sharedRead("k", load)).toBe(first);
    expect(calls.n).toBe(1);
    version++;
    const second = await sharedRead("k", load);
    expect(calls.n).toBe(2);
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it("reads again after the maximum age even when nothing was written", async () => {
    keepSharedReads({ changes, maxAgeMs: 60_000, now: () => clock });
    const { calls, load } = counter();
    await sharedRead("k", load);
    clock += 59_999;
    await sharedRead("k", load);
    expect(calls.n).toBe(1);
    clock += 1;
    await sharedRead("k", load);
    expect(calls.n).toBe(2);
  });

  it("a maximum age of 0 (PAGE_CACHE_SECONDS=0) keeps nothing", async () => {
    keepSharedReads({ changes, maxAgeMs: 0, now: () => clock });
    const { calls, load } = counter();
    await sharedRead("k", load);
    await sharedRead("k", load);
    expect(calls.n).toBe(2);
  });

  it("a value read while a write landed is not served again", async () => {
    keepSharedReads({ changes, maxAgeMs: 60_000, now: () => clock });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let n = 0;
    const load = async () => {
      n++;
      if (n === 1) await gate;
      return { n };
    };
    const pending = sharedRead("k", load);
    version++; // the write ends while the read is under way
    release();
    expect(await pending).toEqual({ n: 1 });
    expect(await sharedRead("k", load)).toEqual({ n: 2 });
  });

  it("requests that ask while a read runs share it; keys are apart", async () => {
    keepSharedReads({ changes, maxAgeMs: 60_000, now: () => clock });
    const { calls, load } = counter();
    const [a, b] = await Promise.all([sharedRead("k", load), sharedRead("k", load)]);
    expect(a).toBe(b);
    expect(calls.n).toBe(1);
    await sharedRead("other", load);
    expect(calls.n).toBe(2);
  });

  it("a failed read is not kept", async () => {
    keepSharedReads({ changes, maxAgeMs: 60_000, now: () => clock });
    let fail = true;
    const load = async () => {
      if (fail) throw new Error("database down");
      return { ok: true };
    };
    await expect(sharedRead("k", load)).rejects.toThrow("database down");
    fail = false;
    expect(await sharedRead("k", load)).toEqual({ ok: true });
  });

  it("a kept value is frozen all the way down: no request can change what the next one sees", async () => {
    keepSharedReads({ changes, maxAgeMs: 60_000, now: () => clock });
    const { load } = counter(() => ({ menus: [{ label: "Buyers", children: [{ label: "Search" }] }] }));
    const value = (await sharedRead("k", load)) as { menus: { label: string; children: { label: string }[] }[] };
    expect(() => value.menus.push({ label: "Injected", children: [] })).toThrow(TypeError);
    expect(() => {
      value.menus[0].children[0].label = "Changed";
    }).toThrow(TypeError);
    expect(((await sharedRead("k", load)) as typeof value).menus[0].children[0].label).toBe("Search");
  });

  it("keeps at most 1,000 keys, dropping the least recently used", async () => {
    keepSharedReads({ changes, maxAgeMs: 60_000, now: () => clock });
    const { calls, load } = counter();
    await sharedRead("first", load);
    for (let i = 0; i < 999; i++) await sharedRead(`path:${i}`, load);
    await sharedRead("first", load); // used again: now the most recent
    expect(calls.n).toBe(1000);
    await sharedRead("path:new", load); // drops path:0, the least recently used
    await sharedRead("first", load);
    expect(calls.n).toBe(1001);
    await sharedRead("path:0", load);
    expect(calls.n).toBe(1002);
  });
});
