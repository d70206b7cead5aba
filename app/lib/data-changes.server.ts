import pg from "pg";
import type { DatabaseHandle } from "~/db/client.server";
import { logger } from "./logger.server";

/**
 * The change feed (decision 0042): a number that moves on whenever data may have changed, in this process or any
 * other on the same database. What the process keeps in memory (the anonymous page cache, server.ts) is valid only
 * for the version it was made at.
 *
 * - `changed()` is called after every write: a request that is not a GET (server.ts) and every job (jobs.server.ts).
 *   On PostgreSQL it also sends `NOTIFY vpm_data_changed`, coalesced to one per tick.
 * - On PostgreSQL one extra connection per process LISTENs; a notification from any process moves the version on.
 *   While that connection is down nothing is trusted: every call to `version()` returns a new number until it is
 *   back (and once more when it is, for what was missed).
 * - On the embedded database there is only this process.
 */
export type ChangeFeed = {
  version(): number;
  changed(): void;
  stop(): Promise<void>;
};

export const CHANGE_CHANNEL = "vpm_data_changed";

export function startChangeFeed(handle: DatabaseHandle): ChangeFeed {
  let version = 0;
  if (handle.driver !== "pg") {
    return {
      version: () => version,
      changed: () => {
        version++;
      },
      stop: async () => {},
    };
  }

  const { pool, connectionString } = handle;
  let listening = false;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let notifyQueued = false;

  const listen = async () => {
    const c = new pg.Client({ connectionString });
    client = c;
    const lost = (err?: Error) => {
      if (client !== c) return;
      listening = false;
      client = null;
      version++;
      c.end().catch(() => {});
      if (!stopped) {
        if (err) logger.warn({ err }, "change feed connection lost; reconnecting");
        retry = setTimeout(() => void listen(), 1000);
      }
    };
    c.on("error", lost);
    c.on("end", () => lost());
    c.on("notification", () => {
      version++;
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (client !== c) return;
      listening = true;
      version++;
    } catch (err) {
      lost(err as Error);
    }
  };
  void listen();

  return {
    version: () => (listening ? version : ++version),
    changed() {
      version++;
      if (notifyQueued || stopped) return;
      notifyQueued = true;
      setImmediate(() => {
        notifyQueued = false;
        pool.query(`NOTIFY ${CHANGE_CHANNEL}`).catch((err) => logger.warn({ err }, "change notification not sent"));
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}
