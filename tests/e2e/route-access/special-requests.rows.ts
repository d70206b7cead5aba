import type { RouteAccessRow } from "./types";

/**
 * Issue 10, special requests. The form page is public (visitors read how it works and are asked to sign in); filing
 * is for buyers' own accounts: a seller is sent away, staff are refused by the service (403), a buyer's or an
 * impersonated buyer's empty request is judged (400). The list and a request's page are the buyer's profile area.
 * Unknown request numbers are 404 for everyone, the same answer as someone else's request.
 */
export const rows: RouteAccessRow[] = [
  // The SPEC's path redirects to the page (issue 27).
  {
    path: "/buyer/special-request",
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "redirect",
    },
    redirectTo: {
      anonymous: "/special-request",
      buyer: "/special-request",
      seller: "/special-request",
      writer: "/special-request",
      seniorWriter: "/special-request",
      admin: "/special-request",
      adminAsBuyer: "/special-request",
    },
  },
  {
    path: "/special-request",
    expect: {
      anonymous: "allow",
      buyer: "allow",
      seller: "allow",
      writer: "allow",
      seniorWriter: "allow",
      admin: "allow",
      adminAsBuyer: "allow",
    },
  },
  {
    method: "POST",
    path: "/special-request",
    form: { notes: "nothing named" },
    expect: {
      anonymous: "redirect",
      buyer: "allow",
      seller: "redirect",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "refuse",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", seller: "/" },
  },
  {
    path: "/my-special-requests",
    expect: {
      anonymous: "redirect",
      buyer: "allow",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", seller: "/" },
  },
  {
    path: "/my-special-requests/2000000000",
    expect: {
      anonymous: "redirect",
      buyer: "refuse",
      seller: "refuse",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "refuse",
    },
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    method: "POST",
    path: "/my-special-requests/2000000000",
    form: { reason: "found" },
    // Staff have no profile area: its layout sends them to their own landing page.
    expect: {
      anonymous: "redirect",
      buyer: "refuse",
      seller: "refuse",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "refuse",
    },
    redirectTo: { anonymous: "/sign-in", writer: "/admin/posts", seniorWriter: "/admin/posts", admin: "/admin" },
  },
];

/** The offers log's calls (issue 10, SPEC section 7): administrators only; a bad `logIds` is judged (400). */
const adminCall = {
  anonymous: "refuse",
  buyer: "refuse",
  seller: "refuse",
  writer: "refuse",
  seniorWriter: "refuse",
  admin: "allow",
  adminAsBuyer: "refuse",
} as const;

rows.push(
  { path: "/api/admin/offers-logs", expect: adminCall },
  { method: "POST", path: "/api/admin/offers-logs/delete", json: { logIds: ["x"] }, expect: adminCall },
);
