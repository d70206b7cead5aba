import { createHmac, timingSafeEqual } from "node:crypto";
import { href } from "react-router";
import { AppError } from "~/lib/errors";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import {
  countAppLinkClick,
  insertSubscriberOnce,
  selectSubscriber,
  selectSubscriberById,
  updateSubscriber,
} from "./voices.queries.server";
import { type AppStore, type PhoneCapture, VOICE_MESSAGES } from "./voices.schema";
import { NEWSLETTER_CONFIRM_MAIL } from "./voices.templates";

/** `subscriber.store` (SPEC section 7): the footer's phone capture. A number already stored is a 409. */
export async function storePhoneContact(deps: Pick<Services, "db">, input: PhoneCapture) {
  const id = await insertSubscriberOnce(deps.db, "phone", input.contact);
  if (id === null) throw new AppError("CONFLICT", VOICE_MESSAGES.contactAlreadySaved);
  return VOICE_MESSAGES.contactSaved;
}

/** `app-link-clicks/{store}`: one more click on the store's link today (UTC). */
export async function recordAppLinkClick(deps: Pick<Services, "db">, store: AppStore) {
  await countAppLinkClick(deps.db, store, new Date().toISOString().slice(0, 10));
}

// ---------------------------------------------------------------------------------------------------------------
// The newsletter: double opt-in and one-click unsubscribe, with signed tokens (no token table).

const CONFIRM_DAYS = 7;
type Purpose = "confirm" | "unsubscribe";

/** `<id>.<purpose>.<issued day>.<hmac>`: the id and purpose signed with the site's secret. */
export function newsletterToken(secret: string, id: number, purpose: Purpose, issued = new Date()) {
  const day = Math.floor(issued.getTime() / 86_400_000).toString(36);
  const payload = `${id}.${purpose}.${day}`;
  return `${payload}.${sign(secret, payload)}`;
}

function sign(secret: string, payload: string) {
  return createHmac("sha256", `newsletter:${secret}`).update(payload).digest("base64url").slice(0, 32);
}

const BAD_LINK = "This link is not valid: it may have been cut or changed. Copy the whole link from the mail.";

function readToken(secret: string, token: string, purpose: Purpose) {
  const m = /^(\d{1,10})\.(confirm|unsubscribe)\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{32})$/.exec(token);
  // A link we did not sign names no subscription we know: 404, as for a deleted one.
  if (!m || m[2] !== purpose) throw new AppError("NOT_FOUND", BAD_LINK);
  const expected = Buffer.from(sign(secret, `${m[1]}.${m[2]}.${m[3]}`));
  const given = Buffer.from(m[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError("NOT_FOUND", BAD_LINK);
  const issuedDay = Number.parseInt(m[3], 36);
  if (purpose === "confirm" && Math.floor(Date.now() / 86_400_000) - issuedDay > CONFIRM_DAYS)
    throw new AppError("BAD_INPUT", "This confirmation link has expired: sign up again in the footer of any page.");
  return Number(m[1]);
}

type MailDeps = Pick<Services, "db" | "mailer" | "config">;

/** The footer's newsletter sign-up: stores the address unconfirmed and mails the confirmation link. */
export async function subscribeNewsletter(deps: MailDeps, input: { email: string }) {
  const limit = await hitRateLimit(deps.db, `newsletter:${input.email}`, 3, 3600);
  if (!limit.allowed)
    throw new AppError(
      "RATE_LIMITED",
      "We already sent a confirmation to this address: check your inbox.",
      undefined,
      limit.retryAfterSeconds,
    );
  await insertSubscriberOnce(deps.db, "email", input.email);
  const row = await selectSubscriber(deps.db, "email", input.email);
  if (!row) throw new AppError("UNAVAILABLE", VOICE_MESSAGES.feedbackFailed);
  if (row.confirmedAt && !row.unsubscribedAt) return VOICE_MESSAGES.newsletterAlreadyConfirmed;
  const base = deps.config.authUrl.replace(/\/$/, "");
  const secret = deps.config.authSecret;
  await sendTemplatedMail(
    { ...deps, siteUrl: deps.config.authUrl },
    {
      template: NEWSLETTER_CONFIRM_MAIL,
      to: input.email,
      vars: {
        confirm_link: `${base}${href("/newsletter/confirm")}?token=${newsletterToken(secret, row.id, "confirm")}`,
        unsubscribe_link: `${base}${href("/newsletter/unsubscribe")}?token=${newsletterToken(secret, row.id, "unsubscribe")}`,
      },
    },
  );
  return VOICE_MESSAGES.newsletterCheckMail;
}

/** The confirmation link: the address receives the newsletter from now on (again, after an unsubscribe). */
export async function confirmNewsletter(deps: Pick<Services, "db" | "config">, token: string) {
  const id = readToken(deps.config.authSecret, token, "confirm");
  const row = await selectSubscriberById(deps.db, id);
  if (row?.type !== "email") throw new AppError("NOT_FOUND", BAD_LINK);
  await updateSubscriber(deps.db, id, {
    confirmedAt: row.confirmedAt && !row.unsubscribedAt ? row.confirmedAt : new Date(),
    unsubscribedAt: null,
  });
  return { email: row.contact };
}

/** The one-click unsubscribe link (and the List-Unsubscribe-Post answer): no more newsletters to the address. */
export async function unsubscribeNewsletter(deps: Pick<Services, "db" | "config">, token: string) {
  const id = readToken(deps.config.authSecret, token, "unsubscribe");
  const row = await selectSubscriberById(deps.db, id);
  if (row?.type !== "email") throw new AppError("NOT_FOUND", BAD_LINK);
  if (!row.unsubscribedAt) await updateSubscriber(deps.db, id, { unsubscribedAt: new Date() });
  return { email: row.contact };
}
