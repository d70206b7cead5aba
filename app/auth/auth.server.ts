import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, emailOTP, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import type { Config } from "~/lib/config.server";
import type { Mailer } from "~/lib/mail.server";

const ac = createAccessControl(defaultStatements);
const roles = { admin: adminAc, buyer: userAc, seller: userAc };

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
    database: drizzleAdapter(db, { provider: "pg", schema, transaction: false }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
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
            await db.insert(schema.userSettings).values({ userId: u.id }).onConflictDoNothing();
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
      database: { generateId: () => randomBytes(12).toString("hex") },
    },
    plugins: [
      admin({ ac, roles, defaultRole: "buyer", adminRoles: ["admin"], allowImpersonatingAdmins: false }),
      twoFactor({ issuer: "Vacation Points Market" }),
      emailOTP({
        otpLength: 4,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        async sendVerificationOTP({ email, otp, type }) {
          const site = await deps.siteName();
          await mailer.send({
            to: email,
            template: `otp-${type}`,
            subject: `${site}: your verification pin`,
            text: `Your ${site} pin is ${otp}. It expires in 10 minutes.`,
            html: `<p>Your ${site} pin is <strong>${otp}</strong>.</p><p>It expires in 10 minutes.</p>`,
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
