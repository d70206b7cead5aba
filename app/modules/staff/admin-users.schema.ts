import { z } from "zod";
import { password as passwordField, text } from "~/lib/fields";
import { EmailSchema, MESSAGES } from "~/modules/accounts/accounts.schema";

/** Rows per page of the admin users list (the table settings offer 10, 25, 50 and 100). */
export const DEFAULT_USER_PAGE_SIZE = 25;

export const STAFF_ROLES = ["admin", "writer", "senior_writer"] as const;
export type StaffRoleValue = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRoleValue | "none", string> = {
  admin: "Administrator",
  writer: "Writer",
  senior_writer: "Senior writer",
  none: "None (not staff)",
};

const name = text({ label: "A name", min: 2, max: 100, required: "Please enter a name." });
const password = passwordField({ min: 6, required: MESSAGES.passwordShort, tooShort: MESSAGES.passwordShort });
const marketRole = z.enum(["buyer", "seller"], { error: "Choose buyer or seller." });
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** The create-user modal. With `passwordMode: "email"` no password is typed: a set-password link is mailed. */
export const CreateUserSchema = z
  .object({
    name,
    email: EmailSchema,
    role: marketRole,
    passwordMode: z.enum(["set", "email"], { error: "Choose how the password is set." }),
    password: password.optional(),
    emailVerified: checkbox.default(false),
  })
  .superRefine((v, ctx) => {
    if (v.passwordMode === "set" && !v.password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: MESSAGES.passwordShort });
    }
  });
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

/** The edit-user page's main form. */
export const UpdateUserSchema = z.object({
  name,
  email: EmailSchema,
  role: marketRole,
});
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

export const SuspendUserSchema = z.object({
  reason: text({
    label: "A reason",
    min: 3,
    max: 500,
    multiline: true,
    required: "Please give a reason for the suspension.",
  }),
});

export const StaffRoleSchema = z.enum(["none", ...STAFF_ROLES], { error: "Choose a staff role." });

export const AddStaffSchema = z.object({ email: EmailSchema, staffRole: z.enum(STAFF_ROLES) });

/** A user's status as the admin list shows it. */
export type UserStatus = "active" | "unverified" | "suspended";
export function userStatusOf(u: { banned: boolean | null; emailVerified: boolean }): UserStatus {
  if (u.banned) return "suspended";
  return u.emailVerified ? "active" : "unverified";
}

/** A user agent as a person reads it: "Chrome on Windows", "Safari on iPhone"; the raw string when unknown. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return "Unknown";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|CriOS\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /iPhone|iPad/.test(ua)
    ? "iPhone"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "Mac"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (!browser && !os) return ua.slice(0, 60);
  return [browser ?? "A browser", os ? `on ${os}` : null].filter(Boolean).join(" ");
}

/** Why a sign-in failed, as the admin screens say it (login_activity.reason). */
export const FAILURE_REASONS: Record<string, string> = {
  "bad-credentials": "wrong email or password",
  "rate-limited": "too many attempts",
  "two-factor": "two-factor code failed",
  deleted: "account deleted",
  banned: "account suspended",
};
