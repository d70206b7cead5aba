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
import { drainUnreadBodies } from "./app/lib/request-body.server.ts";
import { baseSecurityHeaders } from "./app/lib/security-headers.ts";

type StartupBuild = ServerBuild & {
  entry: {
    module: ServerBuild["entry"]["module"] & {
      startup: () => Promise<{ config: { port: number; host: string; seedDemo: boolean } }>;
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
// nosniff, the referrer policy, no framing, HSTS over https: on every answer, static files included (issue 12).
const securityHeaders = baseSecurityHeaders({
  https: String((services.config as { authUrl?: string }).authUrl ?? "").startsWith("https://"),
});
app.use((_req, res, next) => {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  next();
});
// A body answered before it was read to the end (a 413, a 401) is read and thrown away, so the client gets the answer
// rather than a connection reset (issue 12 finding 9).
app.use(drainUnreadBodies());
// Build assets: their Brotli or gzip copy made at build time when the browser takes it, else the file itself.
app.use("/assets", precompressed("build/client/assets", "public, max-age=31536000, immutable"));
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
// Pages and JSON: Brotli (quality 4) or gzip on the fly; anonymous pages get an ETag and answer 304 when unchanged.
app.use(compression({ threshold: 1024 }));
app.use(anonymousPageEtags({ sharedSeconds: 60 }));
// The visitor's address for per-visitor limits (app/lib/request.server.ts CLIENT_ADDRESS_HEADER): the TCP connection's
// address, replacing anything a client sent under that name. X-Forwarded-For is not trusted.
app.use((req, _res, next) => {
  req.headers["x-vpm-client-address"] = req.socket.remoteAddress ?? "unknown";
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

async function shutdown() {
  server.close();
  const s = services as unknown as { stop?: () => Promise<void> };
  await s.stop?.();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
