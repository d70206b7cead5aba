/**
 * One of bench:listings' two servers (bench/listings-servers.ts) in a process of its own, for the open loop:
 * BENCH_SERVER=app|bare on 127.0.0.1:BENCH_PORT over the loaded database BENCH_DB_URL. Started the way `npm start`
 * starts the product (node with tsx's loader), it writes "listening" on stdout when it accepts requests and stops on
 * SIGTERM.
 */
import { appServer, bareServer, prepareSearches } from "./listings-servers";
import { startBenchServices } from "./bench-services";

const which = process.env.BENCH_SERVER;
const port = Number(process.env.BENCH_PORT);
const dbUrl = process.env.BENCH_DB_URL;
if ((which !== "app" && which !== "bare") || !port || !dbUrl)
  throw new Error("BENCH_SERVER (app or bare), BENCH_PORT and BENCH_DB_URL are required");

const { services, raw } = await startBenchServices(dbUrl, { name: "listings-server", seed: false });
const server = which === "app" ? appServer() : bareServer(raw, await prepareSearches(services, raw));
await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
console.log("listening");

process.once("SIGTERM", async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await raw.end();
  await services.stop();
  process.exit(0);
});
