import pg from "pg";

/** How long start-up waits for PostgreSQL to answer before it stops with a message. */
export const DATABASE_PROBE_TIMEOUT_MS = 10_000;

/** The database at DATABASE_URL cannot be used: start-up stops with this message (the password never in it). */
export class DatabaseUnreachableError extends Error {}

/** DATABASE_URL as it may be printed: the password replaced by `***`. */
export function redactDatabaseUrl(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(not a URL)";
  }
}

/**
 * Start-up's first word with PostgreSQL: one connection, `select 1`, within `timeoutMs`. Without it a database that
 * accepts the connection and never answers (a stuck server, a firewall that swallows packets, a port that is not
 * PostgreSQL) left start-up waiting for ever, silently. A failure says what happened and names DATABASE_URL:
 * refused, no answer, wrong password, no such database, no such host.
 */
export async function probeDatabase(databaseUrl: string, timeoutMs = DATABASE_PROBE_TIMEOUT_MS): Promise<void> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on("error", () => {});
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.query("select 1");
      })(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error("timeout"), { code: "VPM_TIMEOUT" })), timeoutMs);
      }),
    ]);
  } catch (err) {
    throw new DatabaseUnreachableError(describeFailure(err, databaseUrl, timeoutMs));
  } finally {
    clearTimeout(timer);
    client.end().catch(() => {});
  }
}

function describeFailure(err: unknown, databaseUrl: string, timeoutMs: number) {
  const e = err as { code?: string; message?: string };
  const where = `DATABASE_URL (${redactDatabaseUrl(databaseUrl)})`;
  let host = "the server";
  let database = "that database";
  let user = "that user";
  try {
    const u = new URL(databaseUrl);
    host = `${u.hostname}:${u.port || "5432"}`;
    database = decodeURIComponent(u.pathname.slice(1)) || database;
    user = decodeURIComponent(u.username) || user;
  } catch {
    // the schema already checked the form
  }
  const s = Math.round(timeoutMs / 1000);
  const message = e.message ?? String(err);
  let what: string;
  if (e.code === "ECONNREFUSED") {
    what = `${host} refused the connection: is PostgreSQL running there, on that port?`;
  } else if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") {
    what = `the host in ${host} is not known (DNS).`;
  } else if (e.code === "VPM_TIMEOUT" || /timeout|timed out|Connection terminated unexpectedly/i.test(message)) {
    what = `${host} did not answer within ${s} s (or closed the connection): is it PostgreSQL, and reachable through the firewall?`;
  } else if (e.code === "28P01") {
    what = `the password for user "${user}" was refused.`;
  } else if (e.code === "3D000") {
    what = `the database "${database}" does not exist on ${host}: create it (createdb) or fix the name.`;
  } else if (e.code === "28000") {
    what = `the server refused user "${user}" (pg_hba.conf, or no such role): ${message}`;
  } else {
    what = message;
  }
  return `The database at ${where} cannot be used: ${what}`;
}
