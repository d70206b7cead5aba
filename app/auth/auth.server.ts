import { href } from "react-router";
import { randomBytes } from "node:crypto";
import { type BetterAuthPlugin, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, emailOTP, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import type { Config } from "~/lib/config.server";
import {
  PIN_MAIL_OTHER,
  PIN_MAILS,
  RESET_PASSWORD_MAIL,
  SIGN_IN_ATTEMPTS_MAIL,
} from "~/modules/accounts/accounts.templates";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import type { Mailer } from "~/lib/mail.server";
import { logger } from "~/lib/logger.server";
import { CLIENT_ADDRESS_HEADER } from "~/lib/request.server";
import { authSecurityPlugin, findUserForSignIn } from "~/modules/accounts/auth-security.server";
import { insertDefaultSettings, isUserDeleted } from "./auth.queries.server";

const ac = createAccessControl(defaultStatements);
const roles = { admin: adminAc, buyer: userAc, seller: userAc };

/**
 * The only better-auth endpoints answered over HTTP (under /api/auth/*), as `METHOD /path`; every other path and
 * method answers 404 before better-auth looks at it (`authHttpAllowList`). The product's pages call none of
 * better-auth's endpoints from the browser: they post to our own routes, whose services call `auth.api.*` on the
 * server (which this list does not affect) with the product's checks, journal entries and notifications. Kept open
 * for scripts and the end-to-end tests, which sign in over HTTP: sign-in (counted and locked by authSecurityPlugin),
 * sign-out and the current session. Closed in particular: the admin plugin (roles, impersonation, passwords, bans,
 * removal), `/verify-password` (a password oracle), sign-up, pins, resets, two-factor, session and user changes.
 * See docs/decisions/0038-auth-hardening.md.
 */
export const AUTH_HTTP_ENDPOINTS: readonly string[] = ["POST /sign-in/email", "POST /sign-out", "GET /get-session"];

/** The allow-list above as a better-auth plugin: its `onRequest` runs before any endpoint is matched. */
export function authHttpAllowList(allowed: readonly string[] = AUTH_HTTP_ENDPOINTS) {
  const open = new Set(allowed);
  return {
    id: "vpm-http-allow-list",
    async onRequest(request: Request, ctx: { baseURL: string }) {
      const base = new URL(ctx.baseURL).pathname.replace(/\/+$/, "");
      const { pathname } = new URL(request.url);
      const path = pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : null;
      if (path !== null && open.has(`${request.method} ${path}`)) return;
      return { response: new Response("Not Found", { status: 404 }) };
    },
  } satisfies BetterAuthPlugin;
}

/** How long a password-reset link works. */
export const RESET_LINK_SECONDS = 60 * 60;

/** Public id printed in URLs (SPEC: user_uniqid); never the database id. */
export function newUserUniqid() {
  return randomBytes(6).toString("hex");
}

export function createAuth(deps: { db: Db; config: Config; mailer: Mailer; siteName: () => Promise<string> }) {
  const { db, config, mailer } = deps;
  return betterAuth({
    appName: "Vacation Points Market",
    baseURL: config.authUrl,
    secret: config.authSecret,
    trustedOrigins: [config.authUrl],
    // better-auth's own messages (a wrong password...) as JSON lines of the app's log (issue 29).
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        logger[level]({ source: "better-auth", args: args.length ? args : undefined }, message),
    },
    database: drizzleAdapter(db, { provider: "pg", schema, transaction: false }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Reset by emailed link: single use (better-auth consumes the token), expiring, and every session of the
      // account is signed out when the password changes.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const found = await findUserForSignIn(db, user.email);
        if (!found || found.deletedAt) return; // a deleted account gets no mail, and the answer stays the same
        const link = `${config.authUrl.replace(/\/$/, "")}${href("/reset-password")}?token=${encodeURIComponent(token)}`;
        await sendTemplatedMail(
          { db, mailer, siteUrl: config.authUrl },
          { template: RESET_PASSWORD_MAIL, to: user.email, vars: { link } },
        );
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    user: {
      additionalFields: {
        staffRole: { type: "string", required: false, input: false },
        userUniqid: { type: "string", required: false, input: false },
        adjustedCommissionText: { type: "string", required: false, input: false },
        isFeedbackGiven: { type: "boolean", required: false, input: false, defaultValue: false },
        profilePhotoPath: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (u) => ({ data: { ...u, userUniqid: newUserUniqid() } }),
          after: async (u) => {
            await insertDefaultSettings(db, u.id);
          },
        },
      },
      session: {
        create: {
          // A deleted account can hold no session, whichever way one would be opened (sign-in, second factor,
          // impersonation).
          before: async (s) => {
            if (await isUserDeleted(db, s.userId)) return false;
          },
        },
      },
    },
    rateLimit: {
      enabled: config.isProduction,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 60, max: 30 },
      },
    },
    advanced: {
      useSecureCookies: config.authUrl.startsWith("https://"),
      // Session cookies: never readable by scripts, not sent on cross-site requests, HTTPS-only when the site is.
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: "lax",
        secure: config.authUrl.startsWith("https://"),
        path: "/",
      },
      // The connection's address as server.ts records it; X-Forwarded-For can be written by anyone.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // joins: a session and its person in one statement (the relations in db/schema/auth.ts; decision 0106).
      database: { generateId: () => randomBytes(12).toString("hex"), joins: true },
    },
    plugins: [
      admin({ ac, roles, defaultRole: "buyer", adminRoles: ["admin"], allowImpersonatingAdmins: false }),
      twoFactor({ issuer: "Vacation Points Market" }),
      emailOTP({
        otpLength: 4,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        storeOTP: "hashed",
        // A pin never creates an account (nor mails an address that has none).
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          await sendTemplatedMail(
            { db, mailer, siteUrl: config.authUrl },
            { template: PIN_MAILS[type] ?? PIN_MAIL_OTHER, to: email, vars: { pin: otp } },
          );
        },
      }),
      // Listed last: its after-hooks see the two-factor plugin's verdict on a sign-in.
      authSecurityPlugin(db, {
        // Someone used up the wrong-password attempts for the account from one address (issue 28).
        alert: ({ email, ip, failures }) =>
          sendTemplatedMail(
            { db, mailer, siteUrl: config.authUrl },
            {
              template: SIGN_IN_ATTEMPTS_MAIL,
              to: email,
              vars: { ip, failures, link: `${config.authUrl.replace(/\/$/, "")}${href("/forgot/password")}` },
            },
          ),
      }),
      authHttpAllowList(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
