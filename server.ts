/**
 * The production server: express + @react-router/express.
 * Start-up order: config, database, migrations, seed, jobs, then listen.
 */
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { anonymousPageEtags, precompressed } from "./app/lib/http-delivery.server.ts";
import { type ChangeVersion, createPageCache } from "./app/lib/page-cache.server.ts";
import { createProxyAddress } from "./app/lib/proxy-address.server.ts";
import { drainUnreadBodies } from "./app/lib/request-body.server.ts";
import { securityHeadersMiddleware } from "./app/lib/security-headers.ts";

type StartupBuild = ServerBuild & {
  entry: {
    module: ServerBuild["entry"]["module"] & {
      startup: () => Promise<{
        config: {
          port: number;
          host: string;
          seedDemo: boolean;
          authUrl: string;
          pageCacheSeconds: number;
          shutdownTimeoutSeconds: number;
          trustedProxies: string[];
        };
        changes: ChangeVersion & { changed(): void };
        stop(opts?: { timeoutMs?: number }): Promise<{ unfinished: number }>;
      }>;
      beginDraining: () => void;
    };
  };
};

const t0 = performance.now();
const buildPath = path.resolve("build/server/index.js");
const build = (await import(buildPath)) as StartupBuild;

let services: Awaited<ReturnType<typeof build.entry.module.startup>>;
try {
  services = await build.entry.module.startup();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// Every answer being made, for the shutdown below: those that have not sent their headers yet get `Connection: close`
// when draining begins, and every answer begun while draining gets it at once.
const inFlight = new Set<express.Response>();
let draining = false;
app.use((_req, res, next) => {
  if (draining) res.setHeader("Connection", "close");
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
  next();
});
// nosniff, the referrer and permissions policies, no framing, HSTS over https: on every answer (issues 12, 28).
app.use(securityHeadersMiddleware({ https: services.config.authUrl.startsWith("https://") }));
// A body answered before it was read to the end (a 413, a 401) is read and thrown away, so the client gets the answer
// rather than a connection reset (issue 12 finding 9).
app.use(drainUnreadBodies());
// Build assets: their Brotli or gzip copy made at build time when the browser takes it, else the file itself.
app.use("/assets", precompressed("build/client/assets", "public, max-age=31536000, immutable"));
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
// A request that may write (not a GET or HEAD) moves the change feed on when it arrives and when it ends, here and
// in every other process: no page kept in memory from before its end, or rendered while it ran, is served again.
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    services.changes.changed();
    res.on("close", () => services.changes.changed());
  }
  next();
});
// Pages for visitors who send no cookie, kept in memory (compressed) until anything changes (decision 0042).
const pageCache =
  services.config.pageCacheSeconds > 0
    ? createPageCache({ changes: services.changes, ttlMs: services.config.pageCacheSeconds * 1000 })
    : undefined;
if (pageCache) app.use(pageCache.serve);
// Pages and JSON: Brotli (quality 4) or gzip on the fly; anonymous pages get an ETag and answer 304 when unchanged.
app.use(compression({ threshold: 1024 }));
app.use(anonymousPageEtags({ sharedSeconds: 60, keep: pageCache?.keep }));
// The visitor's address for per-visitor limits (app/lib/request.server.ts CLIENT_ADDRESS_HEADER): the TCP connection's
// address, replacing anything a client sent under that name; behind a proxy listed in TRUSTED_PROXIES, the address
// that proxy reports in X-Forwarded-For (app/lib/proxy-address.server.ts). Otherwise X-Forwarded-For is not read.
const visitorAddress = createProxyAddress(services.config.trustedProxies);
app.use((req, _res, next) => {
  req.headers["x-vpm-client-address"] = visitorAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"]);
  next();
});
app.use(createRequestHandler({ build: build as ServerBuild, mode: process.env.NODE_ENV }));

const { port, host } = services.config;
const server = app.listen(port, host, () => {
  const url = `http://localhost:${port}`;
  console.log(`Vacation Points Market is running at ${url} (ready in ${Math.round(performance.now() - t0)} ms)`);
  if (services.config.seedDemo) {
    console.log(
      "Demo accounts (password: demopass): admin@example.com, writer@example.com, senior.writer@example.com, " +
        "seller@example.com, seller2@example.com, buyer@example.com, buyer2@example.com",
    );
  }
});

/**
 * Graceful shutdown on SIGTERM or SIGINT (decision 0046), all within SHUTDOWN_TIMEOUT_SECONDS (default 25):
 * 1. Stop listening (new connections are refused, the port is free) and answer /api/ready with 503 on the
 *    connections still open, so a load balancer takes this process out.
 * 2. Finish the requests in flight, each answered with `Connection: close`; close keep-alive connections as soon as
 *    they are idle.
 * 3. Stop the job runner (running jobs get what is left of the timeout; the rest go back to the queue), the change
 *    feed and the pool, and exit 0.
 * Past the timeout, the connections still open are closed and the exit code is 1. A second signal (npm forwards the
 * one a terminal's Ctrl-C also sends to this process) changes nothing: the timeout bounds the wait.
 */
let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals) {
  if (shuttingDown) {
    console.log(`${signal}: already shutting down`);
    return;
  }
  shuttingDown = true;
  const startedAt = Date.now();
  const timeoutMs = services.config.shutdownTimeoutSeconds * 1000;
  const deadline = startedAt + timeoutMs;
  // Whatever happens below, the process ends shortly after the deadline.
  setTimeout(() => {
    console.error(`shutdown: still not done ${Math.round((Date.now() - startedAt) / 1000)} s after ${signal}; exiting`);
    process.exit(1);
  }, timeoutMs + 3000).unref();

  draining = true;
  build.entry.module.beginDraining();
  console.log(`${signal}: draining ${inFlight.size} request(s) in flight, at most ${timeoutMs / 1000} s`);
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A connection whose last answer is done is closed at once, not after the keep-alive timeout.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    }),
  ]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (!drained) {
    console.error(
      `shutdown: ${inFlight.size} request(s) still running after ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS): their connections are closed`,
    );
    server.closeAllConnections();
  }
  // The jobs get what is left of the timeout (at least a second: pg-boss's minimum). Closing the pool waits for the
  // queries still running, which after a cut-off may never end: the process exits without it 1.5 s past the deadline
  // (or past the cut-off), time enough for pg-boss to hand back the jobs still running.
  let stopTimer: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([
    services.stop({ timeoutMs: deadline - Date.now() }).then(
      ({ unfinished }) => (unfinished === 0 ? "done" : `${unfinished} job(s) handed back to the queue`),
      (err) => `stopping the services failed: ${err instanceof Error ? err.message : err}`,
    ),
    new Promise<string>((resolve) => {
      stopTimer = setTimeout(
        () => resolve("the services did not stop in time"),
        drained ? Math.max(1000, deadline - Date.now()) + 1500 : 1500,
      );
    }),
  ]);
  clearTimeout(stopTimer);
  const ok = drained && stopped === "done";
  console.log(
    `shutdown: ${ok ? "done" : `cut short (${drained ? stopped : "requests cut off"})`} in ${Date.now() - startedAt} ms`,
  );
  process.exit(ok ? 0 : 1);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
