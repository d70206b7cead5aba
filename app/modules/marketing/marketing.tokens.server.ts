import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed tokens of marketing mail (decision 0087): an HMAC-SHA256 with the app's auth secret (as the offer-mail and
 * newsletter tokens), each with its own purpose, cut to 128 bits, base64url. No token table: the signature proves the
 * site made the link, and a changed character makes it worthless.
 */

type Purpose = "marketing-unsubscribe" | "marketing-open" | "marketing-click";

function signature(secret: string, purpose: Purpose, payload: string) {
  return createHmac("sha256", secret).update(`${purpose}\n${payload}`).digest().subarray(0, 16);
}

function sameSignature(secret: string, purpose: Purpose, payload: string, given: string) {
  const a = Buffer.from(given, "base64url");
  const b = signature(secret, purpose, payload);
  return a.length === b.length && timingSafeEqual(a, b);
}

const SIG = "[A-Za-z0-9_-]{22}";

/** `<address, base64url>.<campaign id>.<signature>`: unsubscribes the address (the campaign is only recorded). */
export function signUnsubscribeToken(secret: string, email: string, campaignId: number) {
  const payload = `${Buffer.from(email.toLowerCase()).toString("base64url")}.${campaignId}`;
  return `${payload}.${signature(secret, "marketing-unsubscribe", payload).toString("base64url")}`;
}

export function verifyUnsubscribeToken(secret: string, token: string): { email: string; campaignId: number } | null {
  const m = new RegExp(`^([A-Za-z0-9_-]{1,700})\\.([1-9]\\d{0,9})\\.(${SIG})$`).exec(token);
  if (!m || !sameSignature(secret, "marketing-unsubscribe", `${m[1]}.${m[2]}`, m[3])) return null;
  const campaignId = Number(m[2]);
  if (campaignId > 2_147_483_647) return null;
  return { email: Buffer.from(m[1], "base64url").toString("utf8"), campaignId };
}

/** `<recipient id>.<signature>`: one recipient of one campaign opened the mail (the tracking image). */
export function signOpenToken(secret: string, recipientId: number) {
  return `${recipientId}.${signature(secret, "marketing-open", String(recipientId)).toString("base64url")}`;
}

export function verifyOpenToken(secret: string, token: string): number | null {
  const m = new RegExp(`^([1-9]\\d{0,9})\\.(${SIG})(?:\\.gif)?$`).exec(token);
  if (!m || Number(m[1]) > 2_147_483_647) return null;
  return sameSignature(secret, "marketing-open", m[1], m[2]) ? Number(m[1]) : null;
}

/** The click link's signature: the recipient and the exact target address, so no other address can be put in. */
export function signClick(secret: string, recipientId: number, target: string) {
  return signature(secret, "marketing-click", `${recipientId}\n${target}`).toString("base64url");
}

export function verifyClick(secret: string, recipientId: number, target: string, sig: string) {
  return new RegExp(`^${SIG}$`).test(sig) && sameSignature(secret, "marketing-click", `${recipientId}\n${target}`, sig);
}
