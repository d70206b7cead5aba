import { pingDatabase } from "~/db/client.server";
import type { Services } from "./runtime.server";

/** Liveness and database reachability; throws when the database does not answer. */
export async function checkHealth(services: Pick<Services, "db" | "database">) {
  await pingDatabase(services.db);
  return { ok: true, database: services.database.driver };
}
