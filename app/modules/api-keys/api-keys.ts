/** What a key may read (issue 33): the active listings feed and the market series. */
export const API_SCOPES = {
  "listings:read": "Active listings",
  "market:read": "Market series",
} as const;
export type ApiScope = keyof typeof API_SCOPES;

export function isApiScope(s: string): s is ApiScope {
  return Object.hasOwn(API_SCOPES, s);
}

/** The most requests a minute a key may be given. */
export const MAX_PER_MINUTE = 600;

/** The key a request carries: `Authorization: Bearer <secret>` or `X-Api-Key: <secret>`; null when none. */
export function apiSecretOf(headers: Headers): string | null {
  const auth = headers.get("authorization");
  const bearer = auth ? /^Bearer\s+(\S+)$/i.exec(auth.trim())?.[1] : undefined;
  const secret = bearer ?? headers.get("x-api-key")?.trim();
  return secret && /^vpm_[A-Za-z0-9_-]{20,100}$/.test(secret) ? secret : null;
}
