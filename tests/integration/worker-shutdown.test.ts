import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema";
import { QUEUES } from "~/lib/jobs.server";
import { type Services, startServices } from "~/lib/runtime.server";
import { APP_PARTS } from "~/modules/app-parts.server";
import { alive, createDatabase, killHard, type NpmProcess, processEnv, startNpm } from "../fixtures/app-process";
import { PG_TEMPLATE_DB, testConfig } from "../fixtures/test-config";

/**
 * Issue 16, graceful shutdown of a worker (decision 0046): `npm run worker` started as a supervisor starts it, SIGTERM
 * sent to npm's pid while a job runs (a mail whose SMTP server holds the message). The job is let finish and the worker
 * exits 0; with a timeout shorter than the job, the job is handed back to the queue (failed, to run again) and the
 * worker exits 1. PostgreSQL only (a worker is a second process on the database): skipped without TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;

/** A mail server on loopback that holds each message unanswered until `release()`. */
async function holdingMailServer() {
  const held: (() => void)[] = [];
  let arrived: () => void = () => {};
  let nextArrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        held.push(() => callback());
        arrived();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Resolves when the next message is being held. */
    async arrival() {
      await nextArrival;
      nextArrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
    },
    release() {
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function within<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)),
  ]);
}

describe.skipIf(!url)("a worker stopped with SIGTERM to npm run worker", () => {
  const workers: NpmProcess[] = [];
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let services: Services | undefined;
  let smtp: Awaited<ReturnType<typeof holdingMailServer>> | undefined;

  afterAll(async () => {
    for (const w of workers) killHard(w);
    await services?.stop();
    smtp?.release();
    await smtp?.close();
    await database?.drop();
  });

  let setup: {
    db: Services["db"];
    mailer: Services["mailer"];
    smtp: Awaited<ReturnType<typeof holdingMailServer>>;
    databaseUrl: string;
  };
  beforeAll(async () => {
    database = await createDatabase(url as string, "vpm_worker_stop", PG_TEMPLATE_DB);
    smtp = await holdingMailServer();
    // This process writes the mails and their jobs, as a web process does; it runs no job itself.
    services = await startServices(testConfig({ DATABASE_URL: database.url, SMTP_URL: smtp.url }), {
      parts: APP_PARTS,
      migrate: false,
      runWorkers: false,
    });
    setup = { db: services.db, mailer: services.mailer, smtp, databaseUrl: database.url };
  });

  async function startWorker(timeoutSeconds: number) {
    const { smtp, databaseUrl } = setup;
    const worker = startNpm(
      ["run", "worker"],
      processEnv(databaseUrl, "http://localhost:3000", {
        SMTP_URL: smtp.url,
        JOB_SCHEDULES: "0",
        LOG_LEVEL: "info",
        SHUTDOWN_TIMEOUT_SECONDS: String(timeoutSeconds),
      }),
    );
    workers.push(worker);
    await within(
      "the worker to start",
      (async () => {
        while (!worker.output.join("").includes("worker started")) {
          if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${worker.output.join("")}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      })(),
      60_000,
    );
    return worker;
  }

  async function mailJob(to: string) {
    const { db, mailer } = setup;
    const id = await mailer.send({
      to,
      subject: "Your offer was accepted",
      text: "Accepted.",
      html: "<p>Accepted.</p>",
    });
    return {
      id,
      async state() {
        const r = await db.execute(
          sql`select state from pgboss.job where name = ${QUEUES.mailDeliver} and data->>'id' = ${String(id)}`,
        );
        return (r as unknown as { rows: { state: string }[] }).rows.map((row) => row.state);
      },
      async outbox() {
        return (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
      },
    };
  }

  it("lets the running job finish, then exits 0", async () => {
    const worker = await startWorker(10);
    const { smtp } = setup;
    const job = await mailJob("finish-me@example.org");
    await within("the mail to reach the mail server", smtp.arrival(), 20_000);
    expect(await job.state()).toEqual(["active"]);

    const appPid = worker.appPid() as number;
    const stopping = worker.terminate();
    await new Promise((r) => setTimeout(r, 1500));
    // Still there, waiting for its job.
    expect(alive(appPid)).toBe(true);
    expect(worker.child.exitCode).toBeNull();
    smtp.release();

    const { sentAt, exit } = await stopping;
    expect(exit.code).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(10_000);
    expect(alive(appPid)).toBe(false);
    expect(await job.outbox()).toMatchObject({ status: "sent", attempts: 1 });
    expect(await job.state()).toEqual(["completed"]);
    console.log(
      `worker: SIGTERM to npm; the running job finished and the worker exited 0 after ${exit.at - sentAt} ms`,
    );
  }, 90_000);

  it("hands back a job that outlasts SHUTDOWN_TIMEOUT_SECONDS and exits 1", async () => {
    const worker = await startWorker(1);
    const { smtp } = setup;
    const job = await mailJob("too-slow@example.org");
    await within("the mail to reach the mail server", smtp.arrival(), 20_000);

    const { sentAt, exit } = await worker.terminate();
    expect(exit.code).toBe(1);
    expect(exit.at - sentAt).toBeGreaterThanOrEqual(1000);
    expect(exit.at - sentAt).toBeLessThan(5000);
    // Back in the queue, to run again after the retry delay; the mail is not marked sent.
    expect(await job.state()).toEqual(["retry"]);
    expect(await job.outbox()).toMatchObject({ status: "queued" });
    expect(worker.output.join("")).toMatch(/handed back to the queue/);
  }, 90_000);
});
