import { APIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import qrcode from "qrcode-generator";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { isAdminTwoFactorRequired } from "~/modules/settings/tweaks.server";
import { deleteUnverifiedTwoFactor, selectTwoFactorEnabled, selectTwoFactorSecret } from "./accounts.queries.server";
import { cookieHeaders, mapAuthError } from "./accounts.server";
import { confirmPassword, refuseWhileImpersonating } from "./auth-password-confirm.server";
import { AUTH_MESSAGES, TotpConfirmSchema, TwoFactorCodeSchema } from "./accounts.schema";

type Deps = Pick<Services, "db" | "auth">;

export const TOTP_ISSUER = "Vacation Points Market";

/** True when this administrator must set up two-factor authentication before using the admin area. */
export async function adminMustSetUpTwoFactor(deps: Pick<Services, "db">, viewer: Viewer) {
  if (viewer.role !== "admin" || viewer.impersonatedBy) return false;
  if (!(await isAdminTwoFactorRequired(deps.db))) return false;
  return !(await selectTwoFactorEnabled(deps.db, viewer.id));
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32(bytes: Uint8Array) {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The otpauth URI an authenticator app reads (same as better-auth's), for a raw secret. */
export function totpUri(secret: string, email: string) {
  const params = new URLSearchParams({
    secret: base32(new TextEncoder().encode(secret)),
    issuer: TOTP_ISSUER,
    digits: "6",
    period: "30",
  });
  return `otpauth://totp/${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(email)}?${params}`;
}

/** The QR code of a text as one SVG path (rendered on the server; no script needed). */
export function qrSvgPath(text: string) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let d = "";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  return { size: n + 8, path: d };
}

export type TwoFactorState = {
  enabled: boolean;
  /** Set while an authenticator is being added: the QR code, and the key to type in instead. */
  setup: { uri: string; key: string; qr: { size: number; path: string } } | null;
  /** Required for this person (an administrator, with the site-wide switch on): it cannot be turned off. */
  required: boolean;
};

export async function getTwoFactorState(deps: Deps, args: { actor: Viewer }): Promise<TwoFactorState> {
  const enabled = await selectTwoFactorEnabled(deps.db, args.actor.id);
  const required = args.actor.role === "admin" && (await isAdminTwoFactorRequired(deps.db));
  let setup: TwoFactorState["setup"] = null;
  if (!enabled && !args.actor.impersonatedBy) {
    const row = await selectTwoFactorSecret(deps.db, args.actor.id);
    if (row && row.verified === false) {
      const ctx = await deps.auth.$context;
      const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
      const uri = totpUri(secret, args.actor.email);
      const key = new URL(uri).searchParams.get("secret") ?? "";
      setup = { uri, key: key.replace(/(.{4})/g, "$1 ").trim(), qr: qrSvgPath(uri) };
    }
  }
  return { enabled, setup, required };
}

function authError(err: unknown, field = "password"): AppError {
  if (!(err instanceof APIError)) throw err;
  const body = err.body as { code?: string; message?: string } | undefined;
  if (body?.code === "INVALID_PASSWORD") {
    return new AppError("BAD_INPUT", AUTH_MESSAGES.wrongPassword, { password: [AUTH_MESSAGES.wrongPassword] });
  }
  if (body?.code === "INVALID_CODE") {
    return new AppError("BAD_INPUT", AUTH_MESSAGES.codeWrong, { code: [AUTH_MESSAGES.codeWrong] });
  }
  const e = mapAuthError(err.statusCode, body?.code, body?.message);
  return new AppError(e.code, e.message, { [field]: [e.message] });
}

/** Step 1 of adding an authenticator: after the password, a new secret waits (unconfirmed) for its first code. */
export async function startTwoFactorSetup(deps: Deps, args: { actor: Viewer; input: unknown; headers: Headers }) {
  const password = await confirmPassword(deps, args);
  if (await selectTwoFactorEnabled(deps.db, args.actor.id)) {
    throw new AppError("CONFLICT", "Two-factor authentication is already on.");
  }
  try {
    await deps.auth.api.enableTwoFactor({ body: { password, issuer: TOTP_ISSUER }, headers: args.headers });
  } catch (err) {
    throw authError(err);
  }
}

/** Drops an unconfirmed authenticator secret. */
export async function cancelTwoFactorSetup(deps: Deps, args: { actor: Viewer }) {
  refuseWhileImpersonating(args.actor);
  await deleteUnverifiedTwoFactor(deps.db, args.actor.id);
}

/**
 * Step 2: the first code from the app turns two-factor authentication on. Returns the backup codes (shown once)
 * and the headers of the renewed session cookie.
 */
export async function confirmTwoFactorSetup(deps: Deps, args: { actor: Viewer; input: unknown; headers: Headers }) {
  refuseWhileImpersonating(args.actor);
  const parsed = TotpConfirmSchema.safeParse(args.input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? AUTH_MESSAGES.codeFormat;
    throw new AppError("BAD_INPUT", message, { code: [message] });
  }
  let response: Response;
  try {
    response = await deps.auth.api.verifyTOTP({
      body: { code: parsed.data.code },
      headers: args.headers,
      asResponse: true,
    });
  } catch (err) {
    throw authError(err, "code");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    if (body.code === "INVALID_CODE") {
      throw new AppError("BAD_INPUT", AUTH_MESSAGES.codeWrong, { code: [AUTH_MESSAGES.codeWrong] });
    }
    const e = mapAuthError(response.status, body.code, body.message);
    throw new AppError(e.code, e.message, { code: [e.message] });
  }
  const { backupCodes } = await deps.auth.api.viewBackupCodes({ body: { userId: args.actor.id } });
  await recordActivity(deps.db, {
    userId: args.actor.id,
    actor: args.actor,
    kind: "auth.two-factor.enabled",
    category: "security",
    facts: {},
  });
  return { backupCodes, headers: cookieHeaders(response) };
}

/** New backup codes (the old ones stop working), after the password. */
export async function regenerateBackupCodes(deps: Deps, args: { actor: Viewer; input: unknown; headers: Headers }) {
  const password = await confirmPassword(deps, args);
  let backupCodes: string[];
  try {
    ({ backupCodes } = await deps.auth.api.generateBackupCodes({ body: { password }, headers: args.headers }));
  } catch (err) {
    throw authError(err);
  }
  await recordActivity(deps.db, {
    userId: args.actor.id,
    actor: args.actor,
    kind: "auth.two-factor.backup-codes",
    category: "security",
    facts: {},
  });
  return { backupCodes };
}

/** Turns two-factor authentication off, after the password; refused to an administrator while it is required. */
export async function disableTwoFactor(deps: Deps, args: { actor: Viewer; input: unknown; headers: Headers }) {
  refuseWhileImpersonating(args.actor);
  if (args.actor.role === "admin" && (await isAdminTwoFactorRequired(deps.db))) {
    throw new AppError(
      "FORBIDDEN",
      "Two-factor authentication is required for administrators and cannot be turned off.",
    );
  }
  const password = await confirmPassword(deps, args);
  let response: Response;
  try {
    response = await deps.auth.api.disableTwoFactor({ body: { password }, headers: args.headers, asResponse: true });
  } catch (err) {
    throw authError(err);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw mapAuthError(response.status, body.code, body.message);
  }
  await recordActivity(deps.db, {
    userId: args.actor.id,
    actor: args.actor,
    kind: "auth.two-factor.disabled",
    category: "security",
    facts: {},
  });
  return { headers: cookieHeaders(response) };
}

/** True when this request carries a sign-in waiting for its second factor (the two-factor cookie). */
export async function hasPendingTwoFactor(deps: Pick<Services, "auth">, headers: Headers) {
  const ctx = await deps.auth.$context;
  const name = ctx.createAuthCookie("two_factor").name;
  const cookie = headers.get("cookie") ?? "";
  return cookie.split(";").some((c) => c.trim().startsWith(`${name}=`));
}

/**
 * The second step of a sign-in: a code from the authenticator app (6 digits) or a backup code (used up).
 * Failures are counted per account and per address by authSecurityPlugin; better-auth also allows 5 tries per
 * sign-in. Returns the headers of the new session.
 */
export async function verifyTwoFactorSignIn(deps: Deps, args: { input: unknown; headers: Headers }) {
  const parsed = TwoFactorCodeSchema.safeParse(args.input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? AUTH_MESSAGES.codeFormat;
    throw new AppError("BAD_INPUT", message, { code: [message] });
  }
  const code = parsed.data.code;
  const isTotp = /^\d{6}$/.test(code);
  const backup = code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
  let response: Response;
  try {
    response = isTotp
      ? await deps.auth.api.verifyTOTP({ body: { code }, headers: args.headers, asResponse: true })
      : await deps.auth.api.verifyBackupCode({ body: { code: backup }, headers: args.headers, asResponse: true });
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    response = Response.json(err.body ?? {}, { status: err.statusCode });
  }
  if (response.ok) return { headers: cookieHeaders(response) };
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string; retryAfter?: number };
  switch (body.code) {
    case "CODE_ALREADY_USED":
      throw new AppError("BAD_INPUT", body.message ?? AUTH_MESSAGES.codeWrong, {
        code: [body.message ?? AUTH_MESSAGES.codeWrong],
      });
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
    case "BACKUP_CODES_NOT_ENABLED":
      throw new AppError("BAD_INPUT", AUTH_MESSAGES.codeWrong, { code: [AUTH_MESSAGES.codeWrong] });
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
    case "TOTP_NOT_ENABLED":
      throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.twoFactorExpired);
    case "ACCOUNT_TEMPORARILY_LOCKED":
      throw new AppError("RATE_LIMITED", body.message ?? "Too many wrong codes. Try again later.", {
        code: [body.message ?? "Too many wrong codes. Try again later."],
      });
    default: {
      const e = mapAuthError(response.status, body.code, body.message, body.retryAfter);
      throw new AppError(e.code, e.message, { code: [e.message] }, e.retryAfterSeconds);
    }
  }
}
