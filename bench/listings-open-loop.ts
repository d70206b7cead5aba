/**
 * bench:listings' open loop (issue 12), run by bench/listings.bench.ts in a process of its own: requests at
 * BENCH_RATE per second (bench/open-loop.ts), the search bodies in turn, to the app and then the floor, BENCH_ROUNDS
 * times, BENCH_OPEN_SECONDS each, each server started afresh in a process of its own (bench/listings-server.ts).
 * Prints each round on stderr and every request's latency as JSON on stdout.
 *
 * Three processes, as on a real network: the load generator, the server measured, and nothing else. Run in the
 * benchmark's own process, beside the other server and the 100,000-listing load's leftovers, one heap held them all and
 * its collections decided the tail: the same code measured an open-loop ratio of 1.0 in one run and 3.3 in the next
 * (decision 0047).
 */
import { spawn } from "node:child_process";
import { SEARCH_BODIES, SEARCH_PATH } from "./listings-bodies";
import { openLoop } from "./open-loop";

const rate = Number(process.env.BENCH_RATE);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_OPEN_SECONDS ?? 20);
const dbUrl = process.env.BENCH_DB_URL;
if (!rate || !dbUrl) throw new Error("BENCH_RATE and BENCH_DB_URL are required");

type Which = "app" | "bare";
export type OpenLoopRound = Record<Which, { ms: number[]; errors: number; rps: number }>;

/** Starts one of the two servers and returns how to stop it. */
async function startServer(which: Which, port: number): Promise<() => Promise<unknown>> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/listings-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BENCH_SERVER: which, BENCH_PORT: String(port), BENCH_DB_URL: dbUrl },
  });
  const exited = new Promise((r) => child.once("exit", r));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      if (d.toString().includes("listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the ${which} server exited (${code}) before listening`)));
  });
  return () => {
    child.kill("SIGTERM");
    return exited;
  };
}

/**
 * One server's run: 2 s at the same rate that are not counted (the first 100-200 ms of a cold server, with new
 * database connections and new sockets, were 45 of its 50 slowest requests, which decided its p99), then the measure.
 */
async function run(which: Which, port: number) {
  const stop = await startServer(which, port);
  const shot = (i: number) => ({
    options: {
      host: "127.0.0.1",
      port,
      path: SEARCH_PATH,
      method: "POST",
      headers: { "content-type": "application/json" },
    },
    body: JSON.stringify(SEARCH_BODIES[i % SEARCH_BODIES.length]),
  });
  try {
    await openLoop(rate, 2, shot);
    const { latencies, errors, rps } = await openLoop(rate, seconds, shot);
    return { ms: latencies.map((l) => l.ms), errors, rps };
  } finally {
    await stop();
  }
}

const results: OpenLoopRound[] = [];
for (let round = 1; round <= rounds; round++) {
  const app = await run("app", 3303);
  const bare = await run("bare", 3304);
  results.push({ app, bare });
  console.error(`open loop round ${round} done`);
}
process.stdout.write(JSON.stringify(results));
