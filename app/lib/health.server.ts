import { pingDatabase } from "~/db/client.server";
import { migrationsApplied } from "~/db/migration-state.server";
import type { Services } from "./runtime.server";
import type { Storage } from "./storage.server";

/** Liveness and database reachability; throws when the database does not answer. */
export async function checkHealth(services: Pick<Services, "db" | "database">) {
  await pingDatabase(services.db);
  return { ok: true, database: services.database.driver };
}

export type Readiness =
  | { ready: true; database: string }
  | {
      ready: false;
      reason: "draining" | "database unreachable" | "migrations not applied" | "file storage unreachable";
      /** What the store answered (`NoSuchBucket`, `InvalidAccessKeyId`, `AccessDenied`...), with the bucket's name. */
      detail?: string;
    };

/** How long a bucket that answered is taken as answering, so a load balancer's frequent checks cost one call a while. */
const STORAGE_OK_MS = 30_000;
const storageOkUntil = new WeakMap<object, number>();

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
  services: Pick<Services, "db" | "database"> & { storage?: Storage },
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
  // The S3 bucket (when there is one) must answer to these credentials: a missing bucket or wrong keys keep the
  // process out of the load balancer, with the store's answer, rather than let every upload and picture fail.
  const storage = services.storage as (Storage & { check?: () => Promise<void>; bucket?: string }) | undefined;
  if (storage?.check && (storageOkUntil.get(storage) ?? 0) < Date.now()) {
    try {
      await withTimeout(storage.check(), DATABASE_WAIT_MS);
      storageOkUntil.set(storage, Date.now() + STORAGE_OK_MS);
    } catch (err) {
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      const why =
        status === 404 || e.name === "NoSuchBucket"
          ? "no such bucket (check S3_BUCKET, or create it)"
          : status === 403 || status === 401
            ? "access denied (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights on the bucket)"
            : e.name && e.name !== "Error"
              ? e.name
              : (e.message ?? "no answer");
      return {
        ready: false,
        reason: "file storage unreachable",
        detail: `bucket ${storage.bucket ?? "?"}: ${why}${status ? ` (HTTP ${status})` : ""}`,
      };
    }
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
