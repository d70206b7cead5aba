import { isIP } from "node:net";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The whole configuration, read once from the environment through one schema.
 * A bad value stops start-up with a message naming the variable.
 */
const booleanFromEnv = z
  .enum(["1", "0", "true", "false", "yes", "no"], {
    error: "must be one of 1, 0, true, false, yes, no",
  })
  .transform((v) => v === "1" || v === "true" || v === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// connection URL")
    .optional(),
  DATABASE_POOL_MAX: z.coerce
    .number({ error: "must be a number of connections" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1000, "must be at most 1000")
    .default(10),
  BETTER_AUTH_URL: z.url({ error: "must be a full URL such as http://localhost:3000" }).optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Vacation Points Market <no-reply@vacationpointsmarket.test>"),
  SMS_URL: z.url({ error: "must be the SMS provider's full https URL" }).optional(),
  SMS_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  SMS_FROM: z.string().min(2).default("VPMarket"),
  SEED_DEMO: booleanFromEnv.optional(),
  RUN_JOBS: booleanFromEnv.default(true),
  JOB_SCHEDULES: booleanFromEnv.default(true),
  SIGNING_P12_BASE64: z
    .string()
    .regex(/^[A-Za-z0-9+/=\s]+$/, "must be the .p12 file in base64")
    .optional(),
  SIGNING_P12_PASSPHRASE: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be 0 (off) or more")
    .max(3600, "must be at most 3600")
    .default(60),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(25),
  // --- Proxy, metrics (issue 29, branch i29-proxy): TRUSTED_PROXIES, METRICS_TOKEN, METRICS_PORT ---
  TRUSTED_PROXIES: z
    .string()
    .refine(
      (v) =>
        v.trim() === "none" ||
        v
          .split(",")
          .map((e) => e.trim())
          .filter(Boolean)
          .every((e) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(e) && isIP(e.split("/")[0]) !== 0),
      "must be addresses or CIDR ranges separated by commas, such as 127.0.0.1,10.0.0.0/8 (or none)",
    )
    .default("127.0.0.1,::1"),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  METRICS_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .optional(),
  // --- end of the proxy and metrics block ---
  // S3-compatible file storage (AWS S3, MinIO, Cloudflare R2...): used when S3_BUCKET is set; see parseS3Config.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lowercase letters, digits, dots, hyphens",
    )
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "must be the store's full http(s) URL such as https://s3.example.com or http://127.0.0.1:9000",
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region name such as us-east-1 (or auto for Cloudflare R2)")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(3, "must be at least 3 characters").optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(3, "must be at least 3 characters").optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  // --- Operations (issue 29: backups, migrations at start); one block, see docs/deploy.md "Backups" ---
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a number of backups" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1000, "must be at most 1000")
    .default(7),
  BACKUP_CRON: z
    .string()
    .regex(/^\S+(\s+\S+){4}$/, "must be a cron expression of five fields, such as 30 3 * * *")
    .default("30 3 * * *"),
  MIGRATE_AT_START: booleanFromEnv.default(true),
  // --- end of the operations block ---
  // The resort map tab's interactive map (issue 31, decision 0083): a tile server's https URL template, or off.
  MAP_TILE_URL: z
    .string()
    .refine(
      (v) => v === "off" || (/^https:\/\/[^/{}]+\/\S*$/.test(v) && ["{z}", "{x}", "{y}"].every((p) => v.includes(p))),
      "must be off or a tile server's https URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    )
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z.string().min(2).max(300).default("© OpenStreetMap contributors"),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The most connections the app's pool opens on PostgreSQL (pg-boss and the change feed open their own). */
  databasePoolMax: number;
  authUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The SMS provider's HTTP endpoint; unset keeps every text message in the SMS outbox. */
  smsUrl: string | undefined;
  smsToken: string | undefined;
  smsFrom: string;
  seedDemo: boolean;
  runJobs: boolean;
  /** Whether a process with workers sets the timed schedules (nightly refreshes, the outbox relay); 0 for tests. */
  jobSchedules: boolean;
  logLevel: string;
  /** How long the anonymous page cache keeps a page at most, in seconds (0: off). See app/lib/page-cache.server.ts. */
  pageCacheSeconds: number;
  /**
   * How long a process may take to stop after SIGTERM or SIGINT (decision 0046): a web process finishes its requests in
   * flight, a process with workers lets its running jobs finish; past it, what is left is cut off and the exit code is 1.
   */
  shutdownTimeoutSeconds: number;
  /**
   * The load balancers in front of the app whose X-Forwarded-* headers are believed (app/lib/proxy-address.server.ts);
   * loopback by default, none with TRUSTED_PROXIES=none.
   */
  trustedProxies: string[];
  /** /metrics on the web port answers only with `Authorization: Bearer <this>` (app/lib/metrics.server.ts). */
  metricsToken: string | undefined;
  /** /metrics on a port of its own, on HOST, without a token (app/lib/metrics.server.ts). */
  metricsPort: number | undefined;
  /** The contract seal's certificate and key (.p12, base64) and its passphrase; unset: one is created in DATA_DIR. */
  signingP12Base64: string | undefined;
  signingP12Passphrase: string | undefined;
  /** S3-compatible storage for uploaded files when S3_BUCKET is set; unset: the folder DATA_DIR/uploads. */
  s3: S3Config | undefined;
  // --- Operations (issue 29) ---
  /** Where `npm run backup` and the scheduled backup write (unset: no scheduled backup; the command needs --dir). */
  backupDir: string | undefined;
  /** How many backups the scheduled job keeps in backupDir (the oldest go). */
  backupKeep: number;
  /** When the scheduled backup runs (cron, the site's time zone). */
  backupCron: string;
  /** Whether start-up applies the migrations (0: the release step `npm run db:migrate` does, as the schema owner). */
  migrateAtStart: boolean;
  /**
   * The map tab's tile server (MAP_TILE_URL; undefined when off): the page loads tiles from it when the browser can
   * reach it, and the CSP allows images from its origin. The drawn map stays when it cannot.
   */
  mapTiles: MapTiles | undefined;
};

/** A tile server: its URL template ({z}/{x}/{y}), its origin (for the CSP) and the credit its licence asks for. */
export type MapTiles = { url: string; origin: string; attribution: string };

/** Where the S3-compatible store is and how to reach it (app/lib/s3-storage.server.ts). */
export type S3Config = {
  bucket: string;
  /** Unset: AWS S3 itself, at the region's own address. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the AWS SDK's own credential chain (instance role, AWS_* variables, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle: boolean;
};

export class ConfigError extends Error {}

/** What the DATA_DIR check needs of the file system (a test hands in one that fails, e.g. when it runs as root). */
export type DataDirFs = { mkdirSync: typeof mkdirSync; writeFileSync: typeof writeFileSync; rmSync: typeof rmSync };
const realFs: DataDirFs = { mkdirSync, writeFileSync, rmSync };

/**
 * DATA_DIR holds the embedded database, the uploads, the generated secrets and the contract seal: the server cannot
 * run without writing there. Created when missing, then a file is written and removed; a failure stops start-up with
 * a message that names the folder and what to do (issue 12 finding 9), instead of an EACCES from whichever part
 * happened to write first.
 */
export function checkDataDirWritable(dataDir: string, fs: DataDirFs = realFs) {
  const probe = path.join(dataDir, `.write-check-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(probe, "");
    fs.rmSync(probe, { force: true });
  } catch (err) {
    throw new ConfigError(
      `DATA_DIR ${dataDir} is not writable: ${writeFailure(err)}. Set DATA_DIR to a writable folder, or let the user ` +
        "running the server write to this one.",
    );
  }
}

function writeFailure(err: unknown) {
  const code = (err as { code?: string }).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "the file system is read-only";
  if (code === "ENOTDIR" || code === "EEXIST") return "a part of that path is a file, not a folder";
  if (code === "ENOSPC") return "the disk is full";
  return err instanceof Error ? err.message : String(err);
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env, deps: { dataDirFs?: DataDirFs } = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  // PostgreSQL means production-like: several processes, each must sign and check sessions with the same secret, and
  // links in mail must name the real site. A production build on the embedded database needs them too, unless it is
  // the demo (SEED_DEMO given). Missing ones are named with the rest, in one message.
  const isProduction = cleaned.NODE_ENV === "production";
  const onPostgres = cleaned.DATABASE_URL !== undefined;
  const because = onPostgres ? "with DATABASE_URL" : "in production";
  if (onPostgres || (isProduction && cleaned.SEED_DEMO === undefined)) {
    if (cleaned.BETTER_AUTH_SECRET === undefined) {
      const same = onPostgres ? ", the same in every process" : "";
      problems.push(`  BETTER_AUTH_SECRET: required ${because} (at least 32 characters${same})`);
    }
    if (cleaned.BETTER_AUTH_URL === undefined) {
      problems.push(
        `  BETTER_AUTH_URL: required ${because} (the public origin people use, e.g. https://www.example.com)`,
      );
    }
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  // The demo seed runs by default on the embedded database outside production; on PostgreSQL or in production only
  // when SEED_DEMO=1 is given.
  const seedDemo = e.SEED_DEMO ?? (!isProduction && !onPostgres);
  const dataDir = path.resolve(e.DATA_DIR);
  checkDataDirWritable(dataDir, deps.dataDirFs);

  // Generated once into DATA_DIR for the embedded default only (one process, one folder); required above otherwise.
  const authSecret = e.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir, "auth-secret");
  const authUrl = e.BETTER_AUTH_URL ?? `http://localhost:${e.PORT}`;

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    authUrl,
    authSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL,
    smsToken: e.SMS_TOKEN,
    smsFrom: e.SMS_FROM,
    seedDemo,
    runJobs: e.RUN_JOBS,
    jobSchedules: e.JOB_SCHEDULES,
    logLevel: e.LOG_LEVEL,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    trustedProxies:
      e.TRUSTED_PROXIES.trim() === "none"
        ? []
        : e.TRUSTED_PROXIES.split(",")
            .map((a) => a.trim())
            .filter(Boolean),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    signingP12Base64: e.SIGNING_P12_BASE64?.replace(/\s+/g, ""),
    signingP12Passphrase: e.SIGNING_P12_PASSPHRASE,
    s3: parseS3Config(e),
    // --- Operations (issue 29) ---
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    backupKeep: e.BACKUP_KEEP,
    backupCron: e.BACKUP_CRON,
    migrateAtStart: e.MIGRATE_AT_START,
    mapTiles:
      e.MAP_TILE_URL === "off"
        ? undefined
        : { url: e.MAP_TILE_URL, origin: new URL(e.MAP_TILE_URL).origin, attribution: e.MAP_TILE_ATTRIBUTION },
  };
}

type S3Env = Pick<
  z.infer<typeof EnvSchema>,
  "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

/**
 * The S3 settings, or undefined for the local folder. S3_BUCKET turns them on; its companions without it are a
 * mistake (a typo in the bucket's variable would otherwise silently keep files on one host's disk). With S3_BUCKET:
 * a region is needed for AWS itself (no S3_ENDPOINT; with one, us-east-1, which MinIO and R2 accept), the two keys
 * come together, and a store other than AWS (S3_ENDPOINT) needs them, having no instance role to fall back on.
 */
function parseS3Config(e: S3Env): S3Config | undefined {
  const problems: string[] = [];
  if (!e.S3_BUCKET) {
    const stray = (
      ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const
    ).filter((k) => e[k] !== undefined);
    if (stray.length === 0) return undefined;
    throw new ConfigError(
      `Invalid environment configuration:\n  S3_BUCKET: required when ${stray.join(", ")} ${stray.length === 1 ? "is" : "are"} set (the bucket that keeps uploaded files; unset all S3_* variables to keep them in DATA_DIR/uploads)`,
    );
  }
  if (!e.S3_ENDPOINT && !e.S3_REGION) {
    problems.push("S3_REGION: required with S3_BUCKET on AWS S3 (the bucket's region, such as us-east-1)");
  }
  const hasId = e.S3_ACCESS_KEY_ID !== undefined;
  const hasSecret = e.S3_SECRET_ACCESS_KEY !== undefined;
  if (hasId && !hasSecret) problems.push("S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID");
  if (hasSecret && !hasId) problems.push("S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY");
  if (e.S3_ENDPOINT && !hasId && !hasSecret) {
    problems.push("S3_ACCESS_KEY_ID: required with S3_ENDPOINT (the store's access key)");
    problems.push("S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT (the store's secret key)");
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid environment configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? "us-east-1",
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** Some of the variables only, checked as parseConfig checks them, for commands that need no more. */
function parseSome<K extends keyof z.infer<typeof EnvSchema>>(keys: readonly K[], env: NodeJS.ProcessEnv) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const mask = Object.fromEntries(keys.map((k) => [k, true]));
  const parsed = EnvSchema.pick(mask as never).safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data as unknown as Pick<z.infer<typeof EnvSchema>, K>;
}

/**
 * Only the S3 settings, for commands that need the bucket and nothing else (`npm run storage:copy-to-s3`): no data
 * folder check, no generated secret.
 */
export function parseS3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | undefined {
  const keys = [
    "S3_BUCKET",
    "S3_ENDPOINT",
    "S3_REGION",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_FORCE_PATH_STYLE",
  ] as const;
  return parseS3Config(parseSome(keys, env));
}

/**
 * What `npm run db:migrate` needs: the database only (DATABASE_URL, or the embedded one in DATA_DIR). A release step
 * that migrates before the new version rolls out needs no auth secret.
 */
export function parseDatabaseConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseSome(["DATABASE_URL", "DATA_DIR"] as const, env);
  return { databaseUrl: e.DATABASE_URL, dataDir: path.resolve(e.DATA_DIR), databasePoolMax: 2 };
}

/** Secrets missing in development are generated once into the data folder and reused. */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `${name}.txt`);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Config | undefined;
export function getConfig(): Config {
  cached ??= parseConfig();
  return cached;
}
