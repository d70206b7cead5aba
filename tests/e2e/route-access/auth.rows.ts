import { everyone, type RouteAccessRow } from "./types";

/** Issue 4, joining and signing in, two-factor, browser sessions, deleting an account (tests/e2e/auth*.spec.ts). */
const signedIn = {
  anonymous: "redirect",
  buyer: "allow",
  seller: "allow",
  writer: "allow",
  seniorWriter: "allow",
  admin: "allow",
  adminAsBuyer: "allow",
} as const;

export const rows: RouteAccessRow[] = [
  // Every demo account is verified: the pin page sends them on to the welcome page.
  {
    path: "/register/action/verify-email-message",
    expect: everyone("redirect"),
    redirectTo: { anonymous: "/sign-in", buyer: "/welcome", seller: "/welcome", admin: "/welcome" },
  },
  {
    method: "POST",
    path: "/register/action/verify-email-message",
    form: { intent: "verify", pin: "12" },
    expect: everyone("redirect"),
    redirectTo: { anonymous: "/sign-in", buyer: "/welcome", adminAsBuyer: "/welcome" },
  },
  { path: "/welcome", expect: signedIn, redirectTo: { anonymous: "/sign-in" } },
  { path: "/user/complete-profile", expect: signedIn, redirectTo: { anonymous: "/sign-in" } },
  {
    method: "POST",
    path: "/user/complete-profile",
    form: { phoneNumber: "1" },
    expect: signedIn,
    redirectTo: { anonymous: "/sign-in" },
  },
  { path: "/forgot/password", expect: everyone("allow") },
  { method: "POST", path: "/forgot/password", form: { email: "not-an-email" }, expect: everyone("allow") },
  { path: "/reset-password?token=not-a-real-token", expect: everyone("allow") },
  {
    method: "POST",
    path: "/reset-password",
    form: { token: "x", password: "1", confirmPassword: "2" },
    expect: everyone("allow"),
  },
  // Without a sign-in waiting for its second factor: back to sign-in (or, signed in, to the landing page).
  {
    path: "/two-factor",
    expect: everyone("redirect"),
    redirectTo: { anonymous: "/sign-in", buyer: "/v2/profile", admin: "/admin" },
  },
  {
    method: "POST",
    path: "/two-factor",
    form: { code: "1" },
    expect: everyone("redirect"),
    redirectTo: { anonymous: "/sign-in", seller: "/v2/profile" },
  },
  // Administrators impersonating see the page read-only and cannot change anything.
  { path: "/profile/security", expect: signedIn, redirectTo: { anonymous: "/sign-in" } },
  {
    method: "POST",
    path: "/profile/security",
    form: { intent: "logout-others", password: "" },
    expect: { ...signedIn, adminAsBuyer: "refuse" },
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    method: "POST",
    path: "/profile/security",
    form: { intent: "delete-account", password: "" },
    expect: { ...signedIn, adminAsBuyer: "refuse" },
    redirectTo: { anonymous: "/sign-in" },
  },
];
