import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { Db, Tx } from "~/db/client.server";
import type { MailAttachment } from "~/db/schema";
import { AppError } from "./errors";
import { QUEUES, type SendOptions } from "./jobs.server";
import { logger } from "./logger.server";
import { hitRateLimit } from "./rate-limit.server";
import type { Storage } from "./storage.server";
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
   * Files sent with the message (a campaign's attachments; decision 0091), by storage key: the outbox row keeps the
   * keys, names, types and sizes, and the delivery reads the bytes from storage. Nothing is copied per message.
   */
  attachments?: MailAttachment[];
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
  /**
   * The message as the mail server gets it (RFC 5322, with its attachments read from storage), or null when there is
   * no such message: the mail log's download of a message, delivered or kept (the dev mail sink; decision 0091).
   */
  compose(id: number): Promise<Buffer | null>;
};

type OutboxMessage = NonNullable<Awaited<ReturnType<typeof selectOutboxMessage>>>;

/** A message's attachments with their bytes, read from storage (a file gone from storage is an error to retry on). */
async function attachmentsOf(storage: Pick<Storage, "get"> | undefined, list: MailAttachment[] | null) {
  if (!list?.length) return undefined;
  if (!storage) throw new Error("mail with attachments needs the file storage");
  const out: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const a of list) {
    const found = await storage.get(a.key);
    if (!found) throw new AppError("NOT_FOUND", `The attachment “${a.filename}” is no longer in storage.`);
    const chunks: Buffer[] = [];
    for await (const c of found.body) chunks.push(Buffer.from(c));
    out.push({ filename: a.filename, contentType: a.contentType, content: Buffer.concat(chunks) });
  }
  return out;
}

/** Nodemailer's options of an outbox message (the delivery and the download build the same message). */
async function mailOptions(msg: OutboxMessage, from: string, storage: Pick<Storage, "get"> | undefined) {
  return {
    from,
    to: msg.to,
    subject: msg.subject,
    html: msg.html,
    text: msg.text,
    messageId: messageIdOf(msg, from),
    headers: msg.headers ?? undefined,
    attachments: await attachmentsOf(storage, msg.attachments),
  };
}

export function createMailer(deps: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  enqueue: (queue: string, data: object, options?: SendOptions) => Promise<unknown>;
  /** Where attachments are read from at delivery (decision 0091). */
  storage?: Pick<Storage, "get">;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined;
  // Builds the raw message without sending it (the mail log's download, with or without SMTP).
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "\r\n" });
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
        await transport.sendMail(await mailOptions(msg, deps.from, deps.storage));
        await markOutboxAttempt(deps.db, id, { sent: true });
      } catch (err) {
        logger.warn({ err, id }, "mail delivery failed");
        await markOutboxAttempt(deps.db, id, { sent: false, error: String(err) });
        throw err;
      }
    },
    async compose(id) {
      const msg = await selectOutboxMessage(deps.db, id);
      if (!msg) return null;
      const info = await composer.sendMail(await mailOptions(msg, deps.from, deps.storage));
      return info.message as Buffer;
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
