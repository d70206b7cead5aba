import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { QUEUES } from "./jobs.server";
import { logger } from "./logger.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  template?: string;
};

export type Mailer = {
  /** Writes the message to the outbox; with SMTP configured, queues its delivery. Returns the outbox id. */
  send(mail: OutgoingMail): Promise<number>;
  /** Delivers one outbox message over SMTP (the job handler). Throws to let the job retry. */
  deliver(id: number): Promise<void>;
};

export function createMailer(deps: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  enqueue: (queue: string, data: object) => Promise<unknown>;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await deps.db
        .insert(mailOutbox)
        .values({ ...mail, status: transport ? "queued" : "kept" })
        .returning({ id: mailOutbox.id });
      if (transport) await deps.enqueue(QUEUES.mailDeliver, { id: row.id });
      return row.id;
    },
    async deliver(id) {
      if (!transport) return;
      const [msg] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!msg || msg.status === "sent") return; // idempotent: a retried job does not send twice
      try {
        await transport.sendMail({ from: deps.from, to: msg.to, subject: msg.subject, html: msg.html, text: msg.text });
        await deps.db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
          .where(eq(mailOutbox.id, id));
      } catch (err) {
        logger.warn({ err, id }, "mail delivery failed");
        await deps.db
          .update(mailOutbox)
          .set({ status: "failed", attempts: sql`${mailOutbox.attempts} + 1`, lastError: String(err) })
          .where(eq(mailOutbox.id, id));
        throw err;
      }
    },
  };
}
