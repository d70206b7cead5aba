import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "~/db/client.server";
import { startChangeFeed } from "~/lib/data-changes.server";
import { startTestServices } from "../fixtures/services";

/**
 * The change feed (decision 0042): what a process keeps in memory is trusted only while the feed's version stands
 * still. On PostgreSQL a write in one process moves the version of every other process on the same database.
 */
const services = await startTestServices();
const onPostgres = services.database.driver === "pg";

async function until(check: () => boolean, ms = 5000) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Two reads in a row give the same version: the feed trusts its connection. */
function steady(feed: { version(): number }) {
  const first = feed.version();
  return feed.version() === first;
}
const settled = (feed: { version(): number }) => until(() => steady(feed));

describe("the change feed", () => {
  it("moves on after a write in this process and stands still otherwise", async () => {
    const feed = services.changes;
    await settled(feed);
    const v = feed.version();
    expect(feed.version()).toBe(v);
    feed.changed();
    expect(feed.version()).toBeGreaterThan(v);
  });

  it.runIf(onPostgres)("moves on in another process on the same database (LISTEN/NOTIFY)", async () => {
    if (services.database.driver !== "pg") return;
    const other = openPostgres(services.database.connectionString, 2);
    const feed = startChangeFeed(other);
    afterAll(async () => {
      await feed.stop();
      await other.close();
    });
    await settled(feed);
    await settled(services.changes);
    const v = feed.version();
    await new Promise((r) => setTimeout(r, 200));
    expect(feed.version()).toBe(v);
    services.changes.changed();
    await until(() => feed.version() > v);
  });

  it.runIf(onPostgres)("trusts nothing while its connection is down, and recovers by itself", async () => {
    if (services.database.driver !== "pg") return;
    const feed = services.changes;
    await settled(feed);
    const { pool } = services.database;
    const killed = await pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN vpm_data_changed'",
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    // Until it listens again, every read is a new version: nothing kept in memory is served.
    await until(() => !steady(feed));
    await settled(feed);
    const v = feed.version();
    expect(feed.version()).toBe(v);
  });
});
