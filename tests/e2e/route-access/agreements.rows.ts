import type { RouteAccessRow } from "./types";

/**
 * Issue 11, the agreement pages. The deposit form is the agreement's buyer's (and the administrators'): an unknown
 * agreement is the same 404 as someone else's, for everyone signed in; visitors are asked to sign in. An agreement's
 * file is its parties' and the administrators' (404 otherwise). The deed upload is the administrators' back office:
 * others are sent away, an administrator acting as a buyer sees the admin layout's notice (a post is sent away), an unknown agreement is 404.
 * The deal page (timeline, closing statement, files, audit trail) is read the same way.
 */
const signedInRefused = {
  anonymous: "redirect",
  buyer: "refuse",
  seller: "refuse",
  writer: "refuse",
  seniorWriter: "refuse",
  admin: "refuse",
  adminAsBuyer: "refuse",
} as const;

export const rows: RouteAccessRow[] = [
  { path: "/profile/deposit-form/2000000000", expect: signedInRefused, redirectTo: { anonymous: "/sign-in" } },
  {
    method: "POST",
    path: "/profile/deposit-form/2000000000",
    form: { intent: "deposit-sent" },
    expect: signedInRefused,
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    path: "/agreements/2000000000/documents/1",
    expect: signedInRefused,
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    path: "/admin/agreements/2000000000/deed",
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "refuse",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" },
  },
  {
    // The back office's deal page: administrators only (an agreement that does not exist is 404; an existing one is
    // 200 for an administrator and refused to its own buyer and seller: tests/e2e/agreement-rofr.spec.ts).
    path: "/admin/agreements/2000000000/deal",
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "refuse",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" },
  },
  {
    method: "POST",
    path: "/admin/agreements/2000000000/deed",
    form: { deed: "" },
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "allow",
      adminAsBuyer: "redirect",
    },
    redirectTo: { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/", adminAsBuyer: "/" },
  },
];
