import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { parseOrThrow } from "~/lib/action.server";
import { AppError } from "~/lib/errors";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { API_SCOPES, type ApiScope, apiSecretOf, isApiScope, MAX_PER_MINUTE } from "./api-keys";
import {
  countApiKeyUses,
  insertApiKey,
  insertApiKeyUse,
  revokeApiKeyRow,
  selectApiKey,
  selectApiKeyByHash,
} from "./api-keys.queries.server";

/**
 * A new key's secret: `vpm_` and 40 URL-safe characters (240 random bits), its prefix (the first 12 characters,
 * shown in the list to tell keys apart) and its SHA-256 (the only form stored).
 */
export function newApiSecret(): { secret: string; prefix: string; hash: string } {
  const secret = `vpm_${randomBytes(30).toString("base64url")}`;
  return { secret, prefix: secret.slice(0, 12), hash: hashApiSecret(secret) };
}

export function hashApiSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

const IssueSchema = z.object({
  name: z.string().trim().min(2, "Name the partner or use, in 2 to 80 characters.").max(80, "At most 80 characters."),
  scopes: z
    .array(z.string())
    .min(1, "Choose what the key may read.")
    .refine((s) => s.every(isApiScope), "Choose among the scopes offered."),
  perMinute: z.coerce
    .number({ error: "Enter a number of requests a minute." })
    .int("Enter a whole number.")
    .min(1, "At least 1 request a minute.")
    .max(MAX_PER_MINUTE, `At most ${MAX_PER_MINUTE} requests a minute.`),
});

function requireKeyAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("manage", "ApiKeyAdmin")) {
    throw new AppError("FORBIDDEN", "Only administrators manage API keys.");
  }
}

/**
 * Issues a key (administrators only): stores its hash, journals it, and returns the secret, which nothing keeps: the
 * screen shows it once.
 */
export async function issueApiKey(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; input: Record<string, unknown> },
): Promise<{ id: number; name: string; secret: string; prefix: string }> {
  requireKeyAdmin(args.actor);
  const scopes = args.input.scopes === undefined ? [] : [args.input.scopes].flat().map(String);
  const parsed = { data: parseOrThrow(IssueSchema, { ...args.input, scopes }) };
  const { name, perMinute } = parsed.data;
  const { secret, prefix, hash } = newApiSecret();
  const id = await deps.db.transaction(async (tx) => {
    const id = await insertApiKey(tx, {
      name,
      prefix,
      secretHash: hash,
      scopes: parsed.data.scopes,
      perMinute,
      createdBy: args.actor.id,
    });
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "api-key.issued",
      facts: { name, prefix, scopes: parsed.data.scopes.map((s) => API_SCOPES[s as ApiScope]).join(" and ") },
      data: { keyId: id, scopes: parsed.data.scopes, perMinute },
    });
    return id;
  });
  return { id, name, secret, prefix };
}

/** Revokes a key at once (administrators only): every later request with it is refused. */
export async function revokeApiKey(deps: Pick<Services, "db">, args: { actor: Viewer; id: number }) {
  requireKeyAdmin(args.actor);
  return deps.db.transaction(async (tx) => {
    const key = await selectApiKey(tx, args.id);
    if (!key) throw new AppError("NOT_FOUND", "No such key.");
    if (!(await revokeApiKeyRow(tx, args.id, new Date()))) {
      throw new AppError("CONFLICT", `The key “${key.name}” is revoked already.`);
    }
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "api-key.revoked",
      facts: { name: key.name, prefix: key.prefix },
      data: { keyId: key.id },
    });
    return key;
  });
}

/** Uses per key over the last 30 days, for the list. */
export function recentApiKeyUses(db: Db, ids: number[], now = new Date()) {
  return countApiKeyUses(db, ids, new Date(now.getTime() - 30 * 86_400_000));
}

/** A refused API request: its status and a JSON body that says why. */
function refusal(status: number, error: string, headers: Record<string, string> = {}) {
  return Response.json({ error }, { status, headers: { "cache-control": "no-store", ...headers } });
}

/**
 * The key a feed request carries, checked (issue 33): a known, unrevoked key with the scope, within its requests a
 * minute. Every request with a known key is logged with its status (refused ones too). Returns the key's id, or the
 * Response to answer: 401 without a key or with an unknown or revoked one, 403 without the scope, 429 over the limit
 * (with Retry-After).
 */
export async function authenticateApiRequest(
  db: Db,
  request: Request,
  scope: ApiScope,
  now = new Date(),
): Promise<{ keyId: number; log: (status: number) => Promise<void> } | Response> {
  const secret = apiSecretOf(request.headers);
  const challenge = { "www-authenticate": 'Bearer realm="vpm-api"' };
  if (!secret) return refusal(401, "Send your API key: Authorization: Bearer <key>.", challenge);
  const key = await selectApiKeyByHash(db, hashApiSecret(secret));
  if (!key) return refusal(401, "This API key is not known.", challenge);
  const path = new URL(request.url).pathname;
  const log = (status: number) => insertApiKeyUse(db, { keyId: key.id, path, status, at: now });
  if (key.revokedAt) {
    await log(401);
    return refusal(401, "This API key was revoked.", challenge);
  }
  if (!key.scopes.includes(scope)) {
    await log(403);
    return refusal(403, `This API key may not read ${API_SCOPES[scope].toLowerCase()}.`);
  }
  const limit = await hitRateLimit(db, `api-key:${key.id}`, key.perMinute, 60, now);
  if (!limit.allowed) {
    await log(429);
    return refusal(429, `Too many requests: this key may make ${key.perMinute} a minute.`, {
      "retry-after": String(limit.retryAfterSeconds),
    });
  }
  return { keyId: key.id, log };
}
