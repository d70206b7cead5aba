/** `npm run worker`: job workers alone, for production where web processes and workers are separate. */
import { type Config, getConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";
import { type Services, startServices } from "~/lib/runtime.server";
import { APP_PARTS } from "~/modules/app-parts.server";

let config: Config;
let services: Services;
try {
  config = getConfig();
  services = await startServices(config, { parts: APP_PARTS, runWorkers: true });
} catch (err) {
  // A refusal (a bad or missing variable, the embedded database open in another process) says what is wrong.
  // One JSON line, as every other line of the log (issue 29).
  logger.fatal({ event: "startup-failed" }, err instanceof Error ? err.message : String(err));
  logger.flush();
  process.exit(1);
}
logger.info({ event: "worker-started" }, "worker started; waiting for jobs");

/**
 * On SIGTERM or SIGINT (decision 0046): take no new job, let the running ones finish within SHUTDOWN_TIMEOUT_SECONDS
 * (default 25), hand back to the queue those that cannot (they run again after the retry delay), close the database
 * and exit: 0 when every job finished, 1 when some were handed back. A second signal changes nothing.
 */
let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  const startedAt = Date.now();
  const timeoutMs = config.shutdownTimeoutSeconds * 1000;
  setTimeout(() => {
    logger.error({ signal }, "worker: shutdown still not done after the timeout; exiting");
    process.exit(1);
  }, timeoutMs + 3000).unref();
  logger.info({ signal, timeoutMs }, "worker: stopping; running jobs may finish");
  let unfinished = -1;
  try {
    ({ unfinished } = await services.stop({ timeoutMs }));
  } catch (err) {
    logger.error({ err }, "worker: stopping failed");
  }
  logger.info({ ms: Date.now() - startedAt, unfinished }, "worker stopped");
  process.exit(unfinished === 0 ? 0 : 1);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
