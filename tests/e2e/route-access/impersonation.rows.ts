import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 4, impersonation, admin notifications and tweaks. Inputs change nothing lasting: the impersonation row names
 * a user who does not exist (an administrator passes the permission check and gets 404), the delete row sends a
 * malformed id (400 for an administrator), the tweaks row an unknown section (400).
 * NOTE for the walker: the POST impersonate-leave row ends adminAsBuyer's impersonation: run it last for that role,
 * or impersonate again after it. A GET of it changes nothing (405, issue 28).
 */
export const rows: RouteAccessRow[] = [
  {
    method: "POST",
    path: "/admin/users/impersonate/000000000000",
    form: {},
    // Signed out: to sign in (401 to a JSON caller); 403 not an administrator; 404 (no such user) for an
    // administrator, impersonating or not.
    expect: {
      anonymous: "redirect",
      buyer: "refuse",
      seller: "refuse",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "refuse",
      adminAsBuyer: "refuse",
    },
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    method: "POST",
    path: "/api/admin/testimonials/read-notifications",
    form: {},
    expect: {
      anonymous: "refuse",
      buyer: "refuse",
      seller: "refuse",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "allow",
      adminAsBuyer: "refuse",
    },
  },
  {
    method: "POST",
    path: "/api/admin/listing/read-notifications",
    form: {},
    expect: {
      anonymous: "refuse",
      buyer: "refuse",
      seller: "refuse",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "allow",
      adminAsBuyer: "refuse",
    },
  },
  {
    method: "POST",
    path: "/api/admin/notification/delete",
    form: { notification_id: "not-a-number" },
    expect: {
      anonymous: "refuse",
      buyer: "refuse",
      seller: "refuse",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "allow",
      adminAsBuyer: "refuse",
    },
  },
  {
    path: "/api/admin/inactive-users/list",
    expect: {
      anonymous: "refuse",
      buyer: "refuse",
      seller: "refuse",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "allow",
      adminAsBuyer: "refuse",
    },
  },
  {
    path: "/admin/tweaks",
    // While impersonating, the admin layout answers 200 with only the notice and the way back.
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "allow",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" },
  },
  {
    method: "POST",
    path: "/admin/tweaks",
    form: { intent: "unknown-section" },
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
  // Issue 28: a GET ends nothing, whoever asks.
  { path: "/admin/users/impersonate-leave", expect: everyone("wrongMethod") },
  {
    method: "POST",
    path: "/admin/users/impersonate-leave",
    form: {},
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
      anonymous: "/sign-in",
      buyer: "/dashboard",
      seller: "/dashboard",
      writer: "/dashboard",
      seniorWriter: "/dashboard",
      admin: "/dashboard",
      adminAsBuyer: "/admin",
    },
  },
];
