import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { Db, Tx } from "~/db/client.server";
import { QUEUES, type SendOptions } from "./jobs.server";
import { logger } from "./logger.server";
import { hitRateLimit } from "./rate-limit.server";
import {
  insertOutboxMessage,
  markOutboxAttempt,
  selectOutboxMessage,
  selectQueuedOutboxIds,
} from "./mail.queries.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  template?: string;
  /** Extra headers, kept with the message and sent with it (a marketing mail's List-Unsubscribe; decision 0087). */
  headers?: Record<string, string>;
  /**
   * Folding (issue 28): a mail with the same recipient, template and `key` as one written in the last `seconds` is
   * not written again (send returns 0): one party gets one mail about a burst of identical events.
   */
  fold?: { key: string; seconds: number };
};

export type Mailer = {
  /**
   * Writes the message to the outbox; with SMTP configured, queues its delivery. Returns the outbox id (0: folded).
   * With `tx`, the outbox row is written in the caller's transaction (with the caller's own record of the send, so
   * both or neither are kept) and no delivery job is queued before the commit: the caller calls
   * `requeueStranded(0)` after it, and the outbox relay does within minutes if the process died first.
   */
  send(mail: OutgoingMail, opts?: { tx?: Tx }): Promise<number>;
  /** Queues the SMTP delivery of a message `send` stored in a transaction (nothing without SMTP). */
  queueDelivery(id: number): Promise<void>;
  /** Delivers one outbox message over SMTP (the job handler). Throws to let the job retry. */
  deliver(id: number): Promise<void>;
  /**
   * The outbox relay: gives a delivery job to each message queued more than `olderThanSeconds` ago that has none (its
   * request lost the database between writing the message and queueing its job). Returns how many it queued.
   */
  requeueStranded(olderThanSeconds?: number): Promise<number>;
};

export function createMailer(deps: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  enqueue: (queue: string, data: object, options?: SendOptions) => Promise<unknown>;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined;
  return {
    async send({ fold, ...mail }, opts) {
      if (fold) {
        // One atomic counter per recipient, template and key (no read-then-write): the first mail of the window wins.
        const key = `mail-fold:${createHash("sha256")
          .update(`${mail.to.toLowerCase()}\n${mail.template ?? ""}\n${fold.key}`)
          .digest("hex")}`;
        if (!(await hitRateLimit(deps.db, key, 1, fold.seconds)).allowed) {
          logger.info({ template: mail.template }, "mail folded into an earlier one");
          return 0;
        }
      }
      const id = await insertOutboxMessage((opts?.tx ?? deps.db) as Db, {
        ...mail,
        status: transport ? "queued" : "kept",
      });
      if (transport && !opts?.tx) await deps.enqueue(QUEUES.mailDeliver, { id }, { key: String(id) });
      return id;
    },
    async queueDelivery(id) {
      if (transport) await deps.enqueue(QUEUES.mailDeliver, { id }, { key: String(id) });
    },
    async deliver(id) {
      if (!transport) return;
      const msg = await selectOutboxMessage(deps.db, id);
      if (!msg || msg.status === "sent") return; // idempotent: a retried job does not send twice
      try {
        await transport.sendMail({
          from: deps.from,
          to: msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          messageId: messageIdOf(msg, deps.from),
          headers: msg.headers ?? undefined,
        });
        await markOutboxAttempt(deps.db, id, { sent: true });
      } catch (err) {
        logger.warn({ err, id }, "mail delivery failed");
        await markOutboxAttempt(deps.db, id, { sent: false, error: String(err) });
        throw err;
      }
    },
    async requeueStranded(olderThanSeconds = 60) {
      if (!transport) return 0;
      let queued = 0;
      // The job's key is the message's id: a message whose job exists (waiting, running or done) gets no second one.
      for (const id of await selectQueuedOutboxIds(deps.db, olderThanSeconds)) {
        if (await deps.enqueue(QUEUES.mailDeliver, { id }, { key: String(id) })) queued++;
      }
      if (queued) logger.warn({ queued }, "queued the delivery of mail whose job was never created");
      return queued;
    },
  };
}

/**
 * One Message-ID per outbox message, the same on every attempt. A worker killed after the mail server took the message
 * but before the outbox row said so sends it again when its job is retried (decision 0043): the receiving side sees the
 * same Message-ID twice and can tell it is one message (many mail systems then keep one copy).
 */
export function messageIdOf(msg: { id: number; createdAt: Date }, from: string) {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<outbox.${msg.id}.${msg.createdAt.getTime().toString(36)}@${domain}>`;
}
