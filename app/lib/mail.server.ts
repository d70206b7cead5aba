import nodemailer from "nodemailer";
import type { Db } from "~/db/client.server";
import { QUEUES } from "./jobs.server";
import { logger } from "./logger.server";
import { insertOutboxMessage, markOutboxAttempt, selectOutboxMessage } from "./mail.queries.server";

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
      const id = await insertOutboxMessage(deps.db, { ...mail, status: transport ? "queued" : "kept" });
      if (transport) await deps.enqueue(QUEUES.mailDeliver, { id });
      return id;
    },
    async deliver(id) {
      if (!transport) return;
      const msg = await selectOutboxMessage(deps.db, id);
      if (!msg || msg.status === "sent") return; // idempotent: a retried job does not send twice
      try {
        await transport.sendMail({ from: deps.from, to: msg.to, subject: msg.subject, html: msg.html, text: msg.text });
        await markOutboxAttempt(deps.db, id, { sent: true });
      } catch (err) {
        logger.warn({ err, id }, "mail delivery failed");
        await markOutboxAttempt(deps.db, id, { sent: false, error: String(err) });
        throw err;
      }
    },
  };
}
