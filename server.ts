/**
 * The production server: express + @react-router/express.
 * Start-up order: config, database, migrations, seed, jobs, then listen.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { anonymousPageEtags, compressWholeAnswers, precompressed } from "./app/lib/http-delivery.server.ts";
import { logger } from "./app/lib/logger.server.ts";
import { createMetrics, type MetricsDatabase } from "./app/lib/metrics.server.ts";
import { type ChangeVersion, createPageCache, mayHaveWritten, REFUSED_HEADER } from "./app/lib/page-cache.server.ts";
import { createProxyTrust } from "./app/lib/proxy-address.server.ts";
import { collapseSlashes, createPublicRequestHandler, createRouteMatcher } from "./app/lib/public-request.server.ts";
import { clientDirsFinder, currentBuildDir } from "./app/lib/releases.server.ts";
import { onlyPublicFiles, publicFilePaths } from "./app/lib/public-files.server.ts";
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
          metricsToken: string | undefined;
          metricsPort: number | undefined;
        };
        database: MetricsDatabase;
        changes: ChangeVersion & { changed(): void };
        stop(opts?: { timeoutMs?: number }): Promise<{ unfinished: number }>;
      }>;
      beginDraining: () => void;
      flushPageViews?: () => Promise<void>;
      countServedPageView?: (req: {
        method: string;
        url: string;
        headers: Record<string, string | string[] | undefined>;
      }) => void;
      createBotMiddleware?: (opts: { addressOf: (req: express.Request) => string | undefined }) => {
        middleware: (req: express.Request, res: express.Response, next: express.NextFunction) => Promise<void>;
        stop(): Promise<void>;
      };
    };
  };
};

const t0 = performance.now();
// The build this process runs, for its whole life: build/current's release (resolved now, so a later `npm run build`
// does not change it under the process), or build/ without releases (app/lib/releases.server.ts).
const buildDir = currentBuildDir("build");
const build = (await import(path.join(buildDir, "server", "index.js"))) as StartupBuild;

let services: Awaited<ReturnType<typeof build.entry.module.startup>>;
try {
  services = await build.entry.module.startup();
} catch (err) {
  logger.fatal({ event: "startup-failed" }, err instanceof Error ? err.message : String(err));
  logger.flush();
  process.exit(1);
}

// Every URL the app builds, and React Router's check of a form's Origin, use the public origin (BETTER_AUTH_URL), not
// the scheme and Host of the connection from the proxy (app/lib/public-request.server.ts).
const publicOrigin = new URL(services.config.authUrl).origin;
const proxies = createProxyTrust(services.config.trustedProxies);
const metrics = createMetrics({ database: services.database });
const routeOf = createRouteMatcher(build.routes as never);

const app = express();
app.disable("x-powered-by");
// req.ip and req.protocol believe X-Forwarded-* from TRUSTED_PROXIES only.
app.set("trust proxy", (address: string) => proxies.isTrusted(address));
// A request id on every request, in every log line about it and in the answer's X-Request-Id: the one nginx sends
// (deploy/nginx.conf), from a trusted proxy only, else a new one. The app reads it from the request's X-Request-Id.
// The request is counted (metrics: route, status, latency) and, when it failed (5xx), logged.
let warnedOrigin = false;
app.use((req, res, next) => {
  const given = req.headers["x-request-id"];
  const id =
    typeof given === "string" && /^[\w.:@-]{1,128}$/.test(given) && proxies.isTrusted(req.socket.remoteAddress)
      ? given
      : randomUUID();
  req.headers["x-request-id"] = id;
  res.setHeader("X-Request-Id", id);
  const forwarded = proxies.forwardedOrigin(req.socket.remoteAddress, req.headers);
  if (forwarded && !warnedOrigin && `${forwarded.proto}://${forwarded.host}` !== publicOrigin) {
    warnedOrigin = true;
    logger.warn(
      { event: "origin-mismatch", forwarded: `${forwarded.proto}://${forwarded.host}`, publicOrigin, reqId: id },
      "the proxy reports another address than BETTER_AUTH_URL: set BETTER_AUTH_URL to the address people use",
    );
  }
  const start = performance.now();
  metrics.observe(req, res, () => res.locals.route ?? (req.path.startsWith("/assets/") ? "assets" : routeOf(req.path)));
  res.once("finish", () => {
    const line = {
      event: "request",
      reqId: id,
      method: req.method,
      path: req.path,
      route: res.locals.route,
      status: res.statusCode,
      ms: Math.round(performance.now() - start),
      client: req.headers["x-vpm-client-address"],
    };
    if (res.statusCode >= 500) logger.error(line, "request failed");
    else logger.debug(line, "request");
  });
  next();
});
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
// `/listings//` and `//` are sent to their single-slash paths before anything reads them (decision 0102).
app.use(collapseSlashes);
// /metrics (app/lib/metrics.server.ts): on this port with METRICS_TOKEN (Bearer), or on METRICS_PORT of its own.
app.get("/metrics", metrics.guarded(services.config.metricsToken));
// Build assets: their Brotli or gzip copy made at build time when the browser takes it, else the file itself; from
// this process's own build first, then from every other release on disk (app/lib/releases.server.ts), so a page of
// the previous or the next release finds its files whichever process answers.
const clientDirs = clientDirsFinder(buildDir, "build");
const assetHandlers = new Map<string, express.RequestHandler[]>();
const markStatic = (route: string) => (res: express.Response) => {
  res.locals.route = route;
};
app.use("/assets", (req, res, next) => {
  const handlers = clientDirs().flatMap((dir) => {
    let h = assetHandlers.get(dir);
    if (!h) {
      const assets = path.join(dir, "assets");
      h = [
        precompressed(assets, "public, max-age=31536000, immutable"),
        express.static(assets, { immutable: true, maxAge: "1y", setHeaders: markStatic("assets") }),
      ];
      assetHandlers.set(dir, h);
    }
    return h;
  });
  let i = 0;
  const step = (err?: unknown) => {
    if (err || i >= handlers.length) return next(err);
    handlers[i++](req, res, step);
  };
  step();
});
// The build's other files (favicon, logos): only their own paths reach express.static (app/lib/public-files.server.ts).
app.use(
  onlyPublicFiles(
    publicFilePaths(path.join(buildDir, "client")),
    express.static(path.join(buildDir, "client"), { maxAge: "1h", setHeaders: markStatic("static") }),
  ),
);
// Issue 33 (decision 0086): each request past the files is counted under its user agent and the day (in memory,
// written in batches), and one whose user agent an administrator blocked (/admin/bots/rules) is answered 403 with the
// rule's text here, before the page cache and React Router do any work.
const bots = build.entry.module.createBotMiddleware?.({
  addressOf: (req) => proxies.visitorAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"]),
});
if (bots) app.use((req, res, next) => void bots.middleware(req, res, next));
// A request that may write (not a GET or HEAD) moves the change feed on when it ends, here and in every other process,
// unless it was refused (a 4xx, a redirect to sign in: app/lib/page-cache.server.ts mayHaveWritten). A page rendered
// before that end carries an older version and is not served again.
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.once("close", () => {
      const answer = {
        method: req.method,
        status: res.statusCode,
        location: res.getHeader("location"),
        refused: res.getHeader(REFUSED_HEADER),
        finished: res.writableFinished,
      };
      if (mayHaveWritten(answer)) services.changes.changed();
    });
  }
  next();
});
// Issue 32: each public page answered 200 (from the cache below or rendered) counts one view of its path today, without
// cookies; admin, API, files and bots are left out (app/modules/voices/page-views.server.ts, decision 0081).
app.use((req, res, next) => {
  if (req.method === "GET") {
    res.once("finish", () => {
      if (res.statusCode === 200) build.entry.module.countServedPageView?.(req);
    });
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
// ...in one synchronous call for an answer that is whole when it ends (decision 0107); `compression` streams the rest.
app.use(compressWholeAnswers({ threshold: 1024, maxBytes: 1024 * 1024 }));
app.use(anonymousPageEtags({ sharedSeconds: 60, keep: pageCache?.keep }));
// The visitor's address for per-visitor limits (app/lib/request.server.ts CLIENT_ADDRESS_HEADER): the TCP connection's
// address, replacing anything a client sent under that name; behind a proxy listed in TRUSTED_PROXIES, the address
// that proxy reports in X-Forwarded-For (app/lib/proxy-address.server.ts). Otherwise X-Forwarded-For is not read.
app.use((req, _res, next) => {
  req.headers["x-vpm-client-address"] = proxies.visitorAddress(
    req.socket.remoteAddress,
    req.headers["x-forwarded-for"],
  );
  next();
});
app.use(createPublicRequestHandler({ build: build as ServerBuild, publicOrigin, mode: process.env.NODE_ENV }));

/** The address a server listens on, as a URL (an IPv6 address in brackets). */
const listening = (s: net.Server) => {
  const a = s.address() as net.AddressInfo;
  return `http://${a.family === "IPv6" ? `[${a.address}]` : a.address}:${a.port}`;
};
const { port, host } = services.config;
const server = app.listen(port, host, () => {
  logger.info(
    {
      event: "listening",
      address: listening(server),
      publicOrigin,
      build: path.relative(process.cwd(), buildDir) || ".",
      readyMs: Math.round(performance.now() - t0),
    },
    `Vacation Points Market is listening on ${listening(server)} for ${publicOrigin}`,
  );
  if (services.config.seedDemo) {
    logger.info(
      { event: "demo-accounts" },
      "Demo accounts (password: demopass): admin@example.com, writer@example.com, senior.writer@example.com, " +
        "seller@example.com, seller2@example.com, buyer@example.com, buyer2@example.com",
    );
  }
});
// METRICS_PORT: /metrics on a port of its own (on HOST), without a token, for a scraper on the private network.
const metricsServer = services.config.metricsPort
  ? http
      .createServer((req, res) => {
        if (req.method === "GET" && req.url?.split("?")[0] === "/metrics") return void metrics.handler(req, res);
        res.statusCode = 404;
        res.end();
      })
      .listen(services.config.metricsPort, host, function (this: net.Server) {
        logger.info({ event: "metrics-listening", address: listening(this) }, `metrics on ${listening(this)}/metrics`);
      })
  : undefined;

/**
 * Graceful shutdown on SIGTERM or SIGINT (decision 0046), all within SHUTDOWN_TIMEOUT_SECONDS (default 25):
 * 1. Stop listening (new connections are refused, the port is free) and answer /api/ready with 503 on the
 *    connections still open, so a load balancer takes this process out.
 * 2. Finish the requests in flight, and answer every request that still comes on an open keep-alive connection, each
 *    with `Connection: close`, after which that connection ends. Idle keep-alive connections are NOT closed by this
 *    process at once (issue 29): nginx may be sending a request on one at that very moment, and a POST that meets a
 *    closing connection is not sent again (a write is never done twice), so it failed with a 502 (8 of 5,804 POSTs over
 *    three restarts). nginx closes its idle connections after its keepalive_timeout (4 s, deploy/nginx.conf), before
 *    Node's own keep-alive timeout (5 s, counted per connection from its last answer) would close them. A sweep of
 *    idle connections at a fixed time after the signal would reopen the race, so there is none.
 * 3. Stop the job runner (running jobs get what is left of the timeout; the rest go back to the queue), the change
 *    feed and the pool, and exit 0.
 * Past the timeout, the connections still open are closed and the exit code is 1. A second signal (npm forwards the
 * one a terminal's Ctrl-C also sends to this process) changes nothing: the timeout bounds the wait.
 */
let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals) {
  if (shuttingDown) {
    logger.info({ event: "shutdown-signal-again", signal }, `${signal}: already shutting down`);
    return;
  }
  shuttingDown = true;
  const startedAt = Date.now();
  const timeoutMs = services.config.shutdownTimeoutSeconds * 1000;
  const deadline = startedAt + timeoutMs;
  // Whatever happens below, the process ends shortly after the deadline.
  setTimeout(() => {
    logger.fatal(
      { event: "shutdown-overdue", signal },
      `shutdown: still not done ${Math.round((Date.now() - startedAt) / 1000)} s after ${signal}; exiting`,
    );
    process.exit(1);
  }, timeoutMs + 3000).unref();

  draining = true;
  build.entry.module.beginDraining();
  logger.info(
    { event: "draining", signal, inFlight: inFlight.size, timeoutSeconds: timeoutMs / 1000 },
    `${signal}: draining ${inFlight.size} request(s) in flight, at most ${timeoutMs / 1000} s`,
  );
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  // net.Server's close: stops listening and waits for the open connections to end, without http.Server's closing of
  // the idle ones (see step 2 above).
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    }),
  ]);
  clearTimeout(timer);
  if (!drained) {
    logger.error(
      { event: "drain-timeout", stillRunning: inFlight.size, timeoutSeconds: timeoutMs / 1000 },
      `shutdown: ${inFlight.size} request(s) still running after ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS): their connections are closed`,
    );
    server.closeAllConnections();
  }
  // The jobs get what is left of the timeout (at least a second: pg-boss's minimum). Closing the pool waits for the
  // queries still running, which after a cut-off may never end: the process exits without it 1.5 s past the deadline
  // (or past the cut-off), time enough for pg-boss to hand back the jobs still running.
  // The user agents counted since the last batch are written before the pool closes.
  await bots?.stop().catch(() => {});
  // So are the page views counted since the last write (app/modules/voices/page-views.server.ts).
  await build.entry.module.flushPageViews?.().catch(() => {});
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
  const ms = Date.now() - startedAt;
  const outcome = ok ? "done" : `cut short (${drained ? stopped : "requests cut off"})`;
  (ok ? logger.info.bind(logger) : logger.error.bind(logger))(
    { event: "shutdown", ok, ms, exitCode: ok ? 0 : 1 },
    `shutdown: ${outcome} in ${ms} ms`,
  );
  logger.flush();
  process.exit(ok ? 0 : 1);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
