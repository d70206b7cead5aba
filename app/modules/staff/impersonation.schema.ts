import { safeRedirectPath } from "~/lib/safe-redirect";

/**
 * Impersonation (SPEC sections 4, 7 and 8): what the calls answer and the messages people see, with the
 * SPEC's spelling mistakes fixed. Safe for the browser.
 */
export const IMPERSONATION_ANSWERS = {
  success: "IMPERSONATION_SUCCESS",
  leave: "IMPERSONATION_LEAVE",
  error: "IMPERSONATION_ERROR",
} as const;

export const IMPERSONATION_MESSAGES = {
  successTitle: "Success!",
  success: "Logged into user's account successfully.",
  errorTitle: "Impersonation Error",
  unknownError: "Request failed, unknown error occurred, try refreshing the page.",
  requestFailed: "Request failed, an error occurred, try refreshing the page.",
  notAdmin: "Only administrators can log into another user's account.",
  targetIsAdmin: "An administrator cannot log into another administrator's account.",
  notFound: "There is no user with this id.",
  deleted: "This account is deleted. Restore it before logging into it.",
  notImpersonating: "You are not logged into another user's account.",
  badNotification: "The notification id must be a whole number.",
} as const;

/** The public id printed in URLs (`newUserUniqid`: 12 hex characters). */
export const USER_UNIQID_PATTERN = /^[0-9a-f]{12}$/;

/**
 * Where an administrator may be sent back to after leaving: a same-site path (`safeRedirectPath`) of the admin
 * area, never the impersonation calls themselves.
 */
export function safeAdminReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null;
  const path = safeRedirectPath(value);
  if (!path || !/^\/admin(\/|\?|#|$)/.test(path)) return null;
  if (path.startsWith("/admin/users/impersonate")) return null;
  return path;
}
