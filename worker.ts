/** `npm run worker`: job workers alone, for production where web processes and workers are separate. */
import { getConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";
import { type Services, startServices } from "~/lib/runtime.server";
import { APP_PARTS } from "~/modules/app-parts.server";

let services: Services;
try {
  services = await startServices(getConfig(), { parts: APP_PARTS, runWorkers: true });
} catch (err) {
  // A refusal (a bad or missing variable, the embedded database open in another process) says what is wrong.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
logger.info("worker started; waiting for jobs");
const stop = async () => {
  await services.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
