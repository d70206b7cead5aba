import type { Db, Tx } from "~/db/client.server";
import { logger } from "./logger.server";
import { toUsE164 } from "./phone";
import type { SendOptions } from "./jobs.server";
import { insertSmsMessage, markSmsAttempt, selectQueuedSmsIds, selectSmsMessage } from "./sms.queries.server";

export type OutgoingSms = { to: string; body: string; template?: string };

/**
 * Text messages, like mail: every message is written to the SMS outbox (the admin's SMS log). With a provider set
 * up (`SMS_URL`), its delivery is queued and a job posts it to the provider's HTTP API; without one it is kept in
 * the outbox (the local implementation, used in development and tests).
 */
export type SmsSender = {
  /**
   * Writes the message to the outbox (null when the number is not a US number); queues delivery with a provider.
   * With `tx`, as the mailer's: written in the caller's transaction, delivery queued by `requeueStranded(0)` after it.
   */
  send(sms: OutgoingSms, opts?: { tx?: Tx }): Promise<number | null>;
  /** Delivers one outbox message through the provider (the job handler). Throws to let the job retry. */
  deliver(id: number): Promise<void>;
  /** The outbox relay, as for mail: a delivery job for each message queued long ago that has none. */
  requeueStranded(olderThanSeconds?: number): Promise<number>;
};

export const SMS_QUEUE = "sms.deliver";
/** Longer texts are cut (a provider splits anything over 160 characters into parts, and charges per part). */
export const SMS_MAX_LENGTH = 320;

/**
 * The HTTP provider's contract: `POST SMS_URL` with `Authorization: Bearer SMS_TOKEN` and a JSON body
 * `{ "from": SMS_FROM, "to": "+14075550123", "body": "..." }`; a 2xx answer is delivered (its JSON `id`, if any, is
 * kept), anything else is a failure retried by the job.
 */
export function createSmsSender(deps: {
  db: Db;
  url: string | undefined;
  token: string | undefined;
  from: string;
  enqueue: (queue: string, data: object, options?: SendOptions) => Promise<unknown>;
  fetch?: typeof fetch;
}): SmsSender {
  const doFetch = deps.fetch ?? fetch;
  return {
    async send(sms, opts) {
      const to = toUsE164(sms.to);
      if (!to) return null;
      const body = sms.body.length > SMS_MAX_LENGTH ? `${sms.body.slice(0, SMS_MAX_LENGTH - 1)}…` : sms.body;
      const id = await insertSmsMessage((opts?.tx ?? deps.db) as Db, {
        to,
        body,
        template: sms.template ?? null,
        status: deps.url ? "queued" : "kept",
      });
      if (deps.url && !opts?.tx) await deps.enqueue(SMS_QUEUE, { id }, { key: String(id) });
      return id;
    },
    async deliver(id) {
      if (!deps.url) return;
      const msg = await selectSmsMessage(deps.db, id);
      if (!msg || msg.status === "sent") return; // idempotent: a retried job does not send twice
      try {
        const res = await doFetch(deps.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(deps.token ? { authorization: `Bearer ${deps.token}` } : {}),
          },
          body: JSON.stringify({ from: deps.from, to: msg.to, body: msg.body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
        const answer = (await res.json().catch(() => null)) as { id?: unknown } | null;
        await markSmsAttempt(deps.db, id, {
          sent: true,
          providerId:
            answer && (typeof answer.id === "string" || typeof answer.id === "number") ? String(answer.id) : null,
        });
      } catch (err) {
        logger.warn({ err, id }, "sms delivery failed");
        await markSmsAttempt(deps.db, id, { sent: false, error: String(err instanceof Error ? err.message : err) });
        throw err;
      }
    },
    async requeueStranded(olderThanSeconds = 60) {
      if (!deps.url) return 0;
      let queued = 0;
      for (const id of await selectQueuedSmsIds(deps.db, olderThanSeconds)) {
        if (await deps.enqueue(SMS_QUEUE, { id }, { key: String(id) })) queued++;
      }
      if (queued) logger.warn({ queued }, "queued the delivery of text messages whose job was never created");
      return queued;
    },
  };
}
