/** `npm run worker`: job workers alone, for production where web processes and workers are separate. */
import { getConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";
import { startServices } from "~/lib/runtime.server";
import { APP_PARTS } from "~/modules/app-parts.server";

const services = await startServices(getConfig(), { parts: APP_PARTS, runWorkers: true });
logger.info("worker started; waiting for jobs");
const stop = async () => {
  await services.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
