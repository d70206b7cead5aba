import http from "node:http";

/** One request of an open loop: where it goes, its body, and a tag to read its latencies apart. */
export type Shot = { options: http.RequestOptions; body?: string; tag?: string };

/**
 * An open loop: one request every 1/rate s for `seconds`, over keep-alive sockets with no cap, each timed from when
 * it was due (not from when it could be sent) to when its answer ended; an answer other than 200 is an error.
 * `errorKinds` counts the errors by what they were: `status 503`, or the socket's error code (`ECONNRESET`...).
 */
export async function openLoop(rate: number, seconds: number, shot: (i: number) => Shot) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const latencies: { ms: number; tag?: string }[] = [];
  let errors = 0;
  const errorKinds: Record<string, number> = {};
  const fail = (kind: string) => {
    errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  const total = Math.round(rate * seconds);
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const { options, body, tag } = shot(i);
    pending.push(
      new Promise<void>((resolve) => {
        const req = http.request({ agent, ...options }, (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== 200) fail(`status ${res.statusCode}`);
            latencies.push({ ms: performance.now() - due, tag });
            resolve();
          });
        });
        req.on("error", (error: NodeJS.ErrnoException) => {
          fail(error.code ?? error.message);
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, errors, errorKinds, rps: latencies.length / seconds };
}

/** The q-quantile (0.5, 0.99) of some latencies, in whole milliseconds. */
export function quantile(ms: number[], q: number) {
  const sorted = [...ms].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
}
