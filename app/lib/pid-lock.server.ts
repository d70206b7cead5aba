/**
 * A lock file that holds the pid of the process that owns something on this machine's disk: the embedded PGlite
 * folder (one process at a time) and the production build while `npm start` rebuilds it (scripts/start.mjs).
 *
 * Taken by an atomic exclusive create (the pid is written to a file of our own first and hard-linked into place, so a
 * reader never sees a half-written lock). A lock whose pid is no longer running is stale (the process crashed or was
 * killed) and is taken over; a guard file makes sure two processes that find the same stale lock do not both take it.
 * Released when the owner lets go or exits.
 *
 * Plain TypeScript with node: imports only: scripts/start.mjs loads it through Node's own type stripping.
 */
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";

export type PidLock = { file: string; release(): void };
export type PidLockResult = { acquired: true; lock: PidLock } | { acquired: false; heldBy: number };

/** The lock files this process holds (a lock file with our own pid that is not in here is a stale one). */
const heldHere = new Set<string>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const file of heldHere) removeIfOurs(file);
  });
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (err) {
    if ((err as { code?: string }).code === "ENOENT") return undefined;
    throw err;
  }
}

/** Whether the process with this pid is running (EPERM: it is, under another user). */
export function processAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}

function isHeld(file: string, pid: number) {
  // Our own pid: held only if this process took it; otherwise it was left by an earlier process that had the same
  // pid (a container restarted, where the app is pid 1 every time).
  if (pid === process.pid) return heldHere.has(file);
  return processAlive(pid);
}

function removeIfOurs(file: string) {
  try {
    if (readPid(file) === process.pid) unlinkSync(file);
  } catch {
    // already gone
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Removes a stale lock (still held by `stalePid`), under a guard so that only one process takes it over. */
function removeStale(file: string, stalePid: number) {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, `${process.pid}\n`, { flag: "wx" });
  } catch (err) {
    if ((err as { code?: string }).code !== "EEXIST") throw err;
    // Another process is taking it over; a guard left by a crash in these few lines is removed after a while.
    try {
      if (Date.now() - statSync(guard).mtimeMs > 10_000) unlinkSync(guard);
    } catch {
      // gone meanwhile
    }
    sleepSync(50);
    return;
  }
  try {
    if (readPid(file) === stalePid) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
}

/** Takes the lock file, or tells which live process holds it. */
export function tryPidLock(file: string): PidLockResult {
  const mine = `${file}.${process.pid}.tmp`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        linkSync(mine, file);
        heldHere.add(file);
        installExitHook();
        return {
          acquired: true,
          lock: {
            file,
            release() {
              if (!heldHere.delete(file)) return;
              removeIfOurs(file);
            },
          },
        };
      } catch (err) {
        if ((err as { code?: string }).code !== "EEXIST") throw err;
      }
      const pid = readPid(file);
      if (pid === undefined) continue; // released meanwhile: try again
      if (isHeld(file, pid)) return { acquired: false, heldBy: pid };
      removeStale(file, pid);
    }
    throw new Error(`could not take the lock file ${file}`);
  } finally {
    try {
      unlinkSync(mine);
    } catch {
      // already gone
    }
  }
}
