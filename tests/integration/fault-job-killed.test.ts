import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema";
import { JOB_TIMING_FOR_TESTS, QUEUES } from "~/lib/jobs.server";
import { messageIdOf } from "~/lib/mail.server";
import { type Services, startServices } from "~/lib/runtime.server";
import { APP_PARTS } from "~/modules/app-parts.server";
import { PG_TEMPLATE_DB, testConfig } from "../fixtures/test-config";
import { withDatabase } from "./global-setup";

/**
 * Issue 12, "Faults": a process killed in the middle of a job. A real worker process (tests/fixtures/worker-process.ts,
 * what `npm run worker` runs, with the tests' short job timing) takes a mail's delivery job; the mail server is slow
 * and has not answered the message when the worker is killed with SIGKILL. A second worker process is started. The
 * job runs again (its heartbeat stopped: decision 0043) and does its work once: the mail server accepts the message
 * exactly once, the outbox row is marked sent once, and both attempts carried the same Message-ID.
 * PostgreSQL only (a second process cannot open the embedded PGlite database): skipped without TEST_DATABASE_URL.
 */

const url = process.env.TEST_DATABASE_URL;

/** The rows of `db.execute` (typed loosely by the driver-neutral Db type). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the mail server saw: each message it was sent, with its Message-ID, and whether it accepted it. */
type Attempt = { messageId: string | null; accepted: boolean };

/** A mail server on loopback that holds the first message it is sent without answering (a slow server). */
async function slowMailServer() {
  const attempts: Attempt[] = [];
  let holding = true;
  let held: () => void = () => {};
  const firstHeld = new Promise<void>((resolve) => {
    held = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? null;
        if (holding) {
          // Never answered: the sender waits for the server's word that it took the message.
          holding = false;
          attempts.push({ messageId, accepted: false });
          held();
          return;
        }
        attempts.push({ messageId, accepted: true });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    attempts,
    firstHeld,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts a worker process on the test's database; resolves once its workers run. Its output is kept for failures. */
function startWorker(env: Record<string, string>) {
  const output: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/fixtures/worker-process.ts")], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.once("message", (m) => (m === "ready" ? resolve() : reject(new Error(String(m)))));
    exited.then(({ code, signal }) =>
      reject(new Error(`worker exited (${code ?? signal}) before it was ready:\n${output.join("")}`)),
    );
  });
  return { child, ready, exited, output };
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

describe.skipIf(!url)("a worker process killed in the middle of a job", () => {
  const name = `vpm_jobkill_${randomBytes(5).toString("hex")}`;
  const workers: ChildProcess[] = [];
  let services: Services | undefined;
  let smtp: Awaited<ReturnType<typeof slowMailServer>> | undefined;

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
    await services?.stop();
    await smtp?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("runs the job again in another process, and the mail is delivered once, with one Message-ID", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
    await admin.end();
    const databaseUrl = withDatabase(url as string, name);
    smtp = await slowMailServer();
    const env = {
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Vacation Points Market <no-reply@vpm.test>",
      BETTER_AUTH_URL: "http://localhost:3000",
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-00",
      SEED_DEMO: "1",
      RUN_JOBS: "1",
      LOG_LEVEL: "error",
    };

    // This process only writes the mail (as a web process does): its outbox row and its delivery job.
    services = await startServices(testConfig({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url }), {
      parts: APP_PARTS,
      migrate: false,
      runWorkers: false,
      jobTiming: JOB_TIMING_FOR_TESTS,
    });
    const db = services.db;
    const id = await services.mailer.send({
      to: "killed-mid-job@example.org",
      subject: "Your offer was accepted",
      text: "Your offer was accepted.",
      html: "<p>Your offer was accepted.</p>",
    });
    const job = async () =>
      rowsOf<{ state: string; retryCount: number; startedOn: Date | null }>(
        await db.execute(
          sql`select state, retry_count as "retryCount", started_on as "startedOn" from pgboss.job
              where name = ${QUEUES.mailDeliver} and data->>'id' = ${String(id)}`,
        ),
      );
    const outbox = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

    // The first worker takes the job; the mail server holds the message, unanswered.
    const first = startWorker({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "vpm-worker-")) });
    workers.push(first.child);
    await first.ready;
    await Promise.race([
      smtp.firstHeld,
      first.exited.then(() => Promise.reject(new Error(first.output.join("")))),
      new Promise((_, reject) => setTimeout(() => reject(new Error("no delivery began")), 20_000)),
    ]);
    expect(await job()).toMatchObject([{ state: "active", retryCount: 0 }]);

    // Killed mid-job: no clean-up, no word to pg-boss, the job stays "active" for now.
    const killedAt = Date.now();
    first.child.kill("SIGKILL");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(await job()).toMatchObject([{ state: "active", retryCount: 0 }]);
    expect(await outbox()).toMatchObject({ status: "queued", attempts: 0, sentAt: null });

    // A second worker process: the job runs again once its heartbeat is overdue, and delivers the mail.
    const second = startWorker({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "vpm-worker-")) });
    workers.push(second.child);
    await second.ready;
    const sent = await waitFor(
      "the mail to be sent by the second worker",
      async () => {
        const row = await outbox();
        return row.status === "sent" ? row : undefined;
      },
      40_000,
    );
    const rerunAfterMs = Date.now() - killedAt;
    // Nothing more arrives afterwards (a late second run would show here).
    await new Promise((r) => setTimeout(r, 2_000));

    expect(smtp.attempts.filter((a) => a.accepted)).toHaveLength(1);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(await job()).toMatchObject([{ state: "completed", retryCount: 1 }]);
    // One Message-ID, the same on the attempt the kill cut short and on the one that was delivered.
    const messageId = messageIdOf(sent, env.MAIL_FROM);
    expect(smtp.attempts).toEqual([
      { messageId, accepted: false },
      { messageId, accepted: true },
    ]);

    // The second worker stops cleanly when asked.
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    console.info(
      `worker killed mid-job: the job ran again and was delivered ${Math.round(rerunAfterMs / 100) / 10} s after the kill; ` +
        `${smtp.attempts.length} attempts reached the mail server, ${smtp.attempts.filter((a) => a.accepted).length} accepted`,
    );
  }, 60_000);
});
