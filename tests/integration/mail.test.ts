import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema";
import { jobIdFor, QUEUES } from "~/lib/jobs.server";
import { waitFor } from "../fixtures/jobs";
import { startTestServices } from "../fixtures/services";
import { startSmtpSink } from "../fixtures/smtp";

// A real SMTP server on loopback proves delivery end to end.
const { received, SMTP_URL } = await startSmtpSink();

const services = await startTestServices(
  { SMTP_URL, MAIL_FROM: "Vacation Points Market <no-reply@vpm.test>" },
  { runWorkers: true },
);

describe("mail over SMTP", () => {
  it("writes the outbox, then a job delivers it and marks it sent", async () => {
    const id = await services.mailer.send({
      to: "friend@example.org",
      subject: "Your verification pin",
      text: "Your pin is 1234.",
      html: "<p>Your pin is <strong>1234</strong>.</p>",
      template: "otp-email-verification",
    });
    const [queued] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(queued.status).toBe("queued");

    const msg = await waitFor(async () => received.find((r) => r.to.includes("friend@example.org")));
    expect(msg.from).toBe("no-reply@vpm.test");
    expect(msg.raw).toContain("Subject: Your verification pin");
    expect(msg.raw).toContain("Your pin is 1234.");

    const sent = await waitFor(async () => {
      const [row] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row.status === "sent" ? row : undefined;
    });
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("delivering the same message again does not send it twice", async () => {
    const id = await services.mailer.send({
      to: "once@example.org",
      subject: "Once",
      text: "once",
      html: "<p>once</p>",
    });
    await waitFor(async () => {
      const [row] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row.status === "sent" ? row : undefined;
    });
    await services.mailer.deliver(id);
    expect(received.filter((r) => r.to.includes("once@example.org")).length).toBe(1);
  });

  it("a queued mail whose delivery job was never created is sent by the outbox relay, once", async () => {
    // What a request leaves when it loses the database between writing the mail and queueing its job.
    const [row] = await services.db
      .insert(mailOutbox)
      .values({
        to: "stranded@example.org",
        subject: "Stranded",
        text: "stranded",
        html: "<p>stranded</p>",
        status: "queued",
        createdAt: new Date(Date.now() - 120_000),
      })
      .returning({ id: mailOutbox.id });
    expect(await services.mailer.requeueStranded()).toBe(1);
    await waitFor(async () => {
      const [r] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      return r.status === "sent" ? r : undefined;
    });
    // Its job is keyed by the mail's id: the relay never gives a mail a second one.
    expect(await services.mailer.requeueStranded(0)).toBe(0);
    const jobs = await services.db.execute(
      sql`select id from pgboss.job where name = ${QUEUES.mailDeliver} and data->>'id' = ${String(row.id)}`,
    );
    expect((jobs as unknown as { rows: { id: string }[] }).rows).toEqual([
      { id: jobIdFor(QUEUES.mailDeliver, String(row.id)) },
    ]);
    expect(received.filter((r) => r.to.includes("stranded@example.org")).length).toBe(1);
  });

  it("a mail just written is left to its own job (the relay waits a minute)", async () => {
    await services.mailer.send({
      to: "fresh@example.org",
      subject: "Fresh",
      text: "fresh",
      html: "<p>fresh</p>",
    });
    expect(await services.mailer.requeueStranded()).toBe(0);
    expect(await services.mailer.requeueStranded(0)).toBe(0);
    await waitFor(async () => received.find((r) => r.to.includes("fresh@example.org")));
  });
});
