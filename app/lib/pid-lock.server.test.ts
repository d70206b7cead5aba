import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { processAlive, tryPidLock } from "./pid-lock.server";

const dir = () => mkdtempSync(path.join(tmpdir(), "vpm-pid-lock-"));
/** A pid no process has: above Linux's highest. */
const DEAD_PID = 4_194_304 + 7;

describe("pid lock files", () => {
  it("is taken once, tells who holds it, and is free again when released", () => {
    const file = path.join(dir(), "x.lock");
    const a = tryPidLock(file);
    if (!a.acquired) throw new Error("not acquired");
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    expect(tryPidLock(file)).toEqual({ acquired: false, heldBy: process.pid });
    a.lock.release();
    expect(existsSync(file)).toBe(false);
    const b = tryPidLock(file);
    expect(b.acquired).toBe(true);
    if (b.acquired) b.lock.release();
    // Nothing else is left in the folder (no temporary file, no guard).
    expect(readdirSync(path.dirname(file))).toEqual([]);
  });

  it("takes over a lock whose process is gone, and one left by an earlier process with this pid", () => {
    expect(processAlive(DEAD_PID)).toBe(false);
    for (const stale of [DEAD_PID, process.pid, 0]) {
      const file = path.join(dir(), "x.lock");
      writeFileSync(file, stale === 0 ? "garbage\n" : `${stale}\n`);
      const taken = tryPidLock(file);
      expect(taken.acquired, `stale pid ${stale}`).toBe(true);
      expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
      if (taken.acquired) taken.lock.release();
    }
  });

  it("lets exactly one of several processes take a stale lock at the same moment", async () => {
    const file = path.join(dir(), "x.lock");
    writeFileSync(file, `${DEAD_PID}\n`);
    const code = `
      const { tryPidLock } = await import(${JSON.stringify(path.resolve("app/lib/pid-lock.server.ts"))});
      const r = tryPidLock(${JSON.stringify(file)});
      console.log(r.acquired ? "acquired" : "held");
      setTimeout(() => {}, 1000);`;
    const runs = Array.from(
      { length: 6 },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
            stdio: ["ignore", "pipe", "inherit"],
          });
          let out = "";
          child.stdout.on("data", (d: Buffer) => {
            out += d.toString();
          });
          child.once("exit", () => resolve(out.trim()));
        }),
    );
    const results = await Promise.all(runs);
    expect(results.filter((r) => r === "acquired")).toHaveLength(1);
    expect(results.filter((r) => r === "held")).toHaveLength(5);
    // The holder exited: its lock went with it.
    expect(existsSync(file)).toBe(false);
  }, 20_000);
});
