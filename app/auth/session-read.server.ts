/**
 * The session read every signed-in request makes, without better-auth's endpoint machinery (decision 0115).
 *
 * `auth.api.getSession` runs a whole endpoint per request: it builds a context and its cookie jar, imports the secret
 * as a WebCrypto key and checks the cookie's signature through WebCrypto (two round trips to the thread pool), builds
 * its relational query of the session and its person anew, and filters both through the schema's output rules. In a
 * profile of 3,000 `/v2/profile` requests that was about a twentieth of the page's CPU. Here the same read is one
 * statement built once, and the signature an HMAC of Node's own, compared in constant time.
 *
 * Only the plain case is answered here: no cookie, a cookie whose signature fails, a token no session has, or a live
 * session that is not yet due to be extended. Whatever asks better-auth to write (an expired session it deletes, a
 * session older than `updateAge` it extends) is left to better-auth: `readSession` answers `undefined` and the caller
 * asks `auth.api.getSession`, so those rules stay better-auth's, in one place.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** What better-auth signs and names its cookies with (from its context, so a secure site's `__Secure-` names too). */
export type SessionCookieRules = {
  secret: string;
  sessionTokenCookie: string;
  dontRememberCookie: string;
  expiresInSeconds: number;
  updateAgeSeconds: number;
};

/** A session and its person, as the request's viewer is made from them. */
export type SessionRow = {
  sessionId: string;
  expiresAt: Date;
  updatedAt: Date;
  impersonatedBy: string | null;
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string;
  staffRole: string | null;
  userUniqid: string;
  profilePhotoPath: string | null;
  isFeedbackGiven: boolean;
};

/**
 * A Cookie header as better-call reads it: the first value of each name, trimmed, unquoted, percent-decoded where it
 * decodes (left as it is where it does not).
 */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) break;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    const name = header.slice(index, eq).trim();
    if (!cookies.has(name)) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      cookies.set(name, decoded(value));
    }
    index = end + 1;
  }
  return cookies;
}

function decoded(value: string) {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The value of a cookie better-auth signed (`<value>.<signature>`, the signature the base64 HMAC-SHA-256 of the value
 * under the secret, 44 characters), or null when it is missing, malformed or its signature does not hold.
 */
export function verifiedCookieValue(raw: string | undefined, secret: string): string | null {
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * The signed-in session of a request: its row, null when there is none (no cookie, a forged one, an unknown token),
 * or undefined when better-auth must answer because it writes (the session expired, or is due to be extended).
 */
export async function readSession(
  headers: Headers,
  rules: SessionCookieRules,
  find: (token: string) => Promise<SessionRow | null>,
  now = Date.now(),
): Promise<SessionRow | null | undefined> {
  const cookies = parseCookieHeader(headers.get("cookie"));
  const token = verifiedCookieValue(cookies.get(rules.sessionTokenCookie), rules.secret);
  if (!token) return null;
  const row = await find(token);
  if (!row) return null;
  if (row.expiresAt.getTime() < now) return undefined;
  // better-auth extends a session once a day (`updateAge`), unless the person asked not to be remembered.
  const dontRemember = verifiedCookieValue(cookies.get(rules.dontRememberCookie), rules.secret) !== null;
  const dueForExtension =
    row.expiresAt.getTime() - rules.expiresInSeconds * 1000 + rules.updateAgeSeconds * 1000 <= now;
  if (dueForExtension && !dontRemember) return undefined;
  return row;
}
