import { sql } from "drizzle-orm";
import { getServices } from "~/lib/runtime.server";

/** Liveness and database reachability, for load balancers and the start-up timer. */
export async function loader() {
  const { db, database } = await getServices();
  await db.execute(sql`select 1`);
  return Response.json({ ok: true, database: database.driver });
}
