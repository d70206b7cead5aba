import { pingDatabase } from "~/db/client.server";
import { migrationsApplied } from "~/db/migration-state.server";
import type { Services } from "./runtime.server";

/** Liveness and database reachability; throws when the database does not answer. */
export async function checkHealth(services: Pick<Services, "db" | "database">) {
  await pingDatabase(services.db);
  return { ok: true, database: services.database.driver };
}

export type Readiness =
  | { ready: true; database: string }
  | { ready: false; reason: "draining" | "database unreachable" | "migrations not applied" };

/** How long the readiness check waits for the database before it calls it unreachable. */
const DATABASE_WAIT_MS = 2000;

/** Databases already seen with this code's migrations applied: migrations are never undone, so each is checked once. */
const migrated = new WeakSet<object>();

/**
 * Readiness (decision 0046): whether a load balancer should send this process requests. Not while it drains after
 * SIGTERM, not while the database does not answer within 2 s, and not before the database has every migration this
 * code knows (a database migrated further, by a newer release, is fine). /api/health stays liveness.
 */
export async function checkReadiness(
  services: Pick<Services, "db" | "database">,
  opts: { draining: boolean },
): Promise<Readiness> {
  if (opts.draining) return { ready: false, reason: "draining" };
  try {
    await withTimeout(pingDatabase(services.db), DATABASE_WAIT_MS);
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
  if (!migrated.has(services.db)) {
    try {
      if (!(await withTimeout(migrationsApplied(services.db), DATABASE_WAIT_MS))) {
        return { ready: false, reason: "migrations not applied" };
      }
    } catch {
      return { ready: false, reason: "database unreachable" };
    }
    migrated.add(services.db);
  }
  return { ready: true, database: services.database.driver };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
