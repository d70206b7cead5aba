/**
 * `npm run admin:create -- --email EMAIL [--name NAME]` (issue 29): creates that administrator, or makes the existing
 * account one, and prints a one-time link (on BETTER_AUTH_URL) to set its password. Journaled. Uses the same
 * environment as the app: DATABASE_URL (PostgreSQL), or the embedded database in DATA_DIR, which must not be open in
 * a running `npm start` (stop it first). Exit 0 done; 1 the database or the configuration is unusable; 2 refused
 * (a bad or missing email, a deleted account).
 */
import { parseArgs } from "node:util";
import { createAuth } from "~/auth/auth.server";
import { openDatabase } from "~/db/client.server";
import { migrationsApplied } from "~/db/migration-state.server";
import { getConfig } from "~/lib/config.server";
import { probeDatabase } from "~/lib/database-probe.server";
import { createMailer } from "~/lib/mail.server";
import { APP_PARTS } from "~/modules/app-parts.server";
import { AdminCreateError, createOrPromoteAdmin, parseAdminEmail } from "~/modules/ops/admin-create.server";

const USAGE = "Usage: npm run admin:create -- --email ops@example.com [--name 'Ops Team']";

let email: string | undefined;
let name: string | undefined;
try {
  ({
    values: { email, name },
  } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } }, strict: true }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!email) {
  console.error(`--email is required.\n${USAGE}`);
  process.exit(2);
}

let code = 0;
try {
  parseAdminEmail(email);
  const config = getConfig();
  if (config.databaseUrl) await probeDatabase(config.databaseUrl);
  const database = await openDatabase({ ...config, databasePoolMax: 2 });
  try {
    if (!(await migrationsApplied(database.db))) {
      throw new Error(
        "The database is not migrated yet: run `npm run db:migrate` (or start the app once), then this command again.",
      );
    }
    // Nothing is mailed here: the link is printed. A mailer that queues nothing keeps better-auth's wiring whole.
    const mailer = createMailer({
      db: database.db,
      smtpUrl: undefined,
      from: config.mailFrom,
      enqueue: async () => {
        throw new Error("admin:create sends no mail");
      },
    });
    const auth = createAuth({ db: database.db, config, mailer, siteName: () => APP_PARTS.siteName(database.db) });
    const r = await createOrPromoteAdmin({ db: database.db, auth, config }, { email, name });
    console.log(
      `${r.created ? "Created the administrator" : "Made an administrator of"} ${r.email} (journaled).\n` +
        `Open this link within 72 hours to set the password (it works once):\n${r.link}`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = err instanceof AdminCreateError ? 2 : 1;
}
process.exit(code);
