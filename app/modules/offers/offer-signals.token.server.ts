import { createHmac, timingSafeEqual } from "node:crypto";
import { href } from "react-router";
import { isDbId } from "~/lib/fields";

/**
 * The open-tracking image's token (decision 0031): `{offerId}.{round}.{signature}`, the signature an HMAC-SHA256 of
 * the offer and round with the app's auth secret (like the email-change pins), cut to 128 bits and base64url. It
 * names one round of one offer and proves the site made it; it holds nothing else.
 */

const PURPOSE = "offer-mail-opened";

function signature(secret: string, offerId: number, round: number) {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${offerId}\n${round}`).digest().subarray(0, 16);
}

export function signOfferMailToken(secret: string, o: { id: number; round: number }) {
  return `${o.id}.${o.round}.${signature(secret, o.id, o.round).toString("base64url")}`;
}

/** The offer and round a token names, or null for anything the site did not sign (compared in constant time). */
export function verifyOfferMailToken(secret: string, token: string): { offerId: number; round: number } | null {
  const m = /^([1-9]\d{0,9})\.([1-9]\d{0,4})\.([A-Za-z0-9_-]{22})(?:\.gif)?$/.exec(token);
  if (!m) return null;
  const offerId = Number(m[1]);
  const round = Number(m[2]);
  if (!isDbId(offerId)) return null;
  const given = Buffer.from(m[3], "base64url");
  const expected = signature(secret, offerId, round);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { offerId, round } : null;
}

/** The image's path for one round of an offer (the route answers a transparent GIF whatever the token). */
export function offerMailPixelPath(secret: string, o: { id: number; round: number }) {
  return href("/api/offer-mail-opened/:token", { token: `${signOfferMailToken(secret, o)}.gif` });
}
