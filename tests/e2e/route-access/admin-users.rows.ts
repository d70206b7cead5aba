import type { RouteAccessRow } from "./types";

/**
 * User administration and the journal (issue 4). Admin screens: administrators only; writers, buyers and
 * sellers are sent to `/`; an administrator impersonating a buyer gets the admin layout's notice (200) on
 * pages and is refused changes. /admin/profile is any staff member's own page (the header's Profile button).
 */
const adminPage = (path: string): RouteAccessRow => ({
  path,
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
});

/** A change with an unknown intent: an administrator's answer is 400 (checked, judged, nothing written). */
const adminChange = (path: string): RouteAccessRow => ({
  method: "POST",
  path,
  form: { intent: "no-such-intent" },
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
});

export const rows: RouteAccessRow[] = [
  adminPage("/admin/users"),
  adminPage("/admin/users?q=buyer&role=buyer&status=active&sort=email&dir=asc&perPage=10"),
  adminPage("/admin/users/{buyer.uniqid}/edit"),
  // Login activity and the journal are the resource engine's (resources.rows.ts); these are their older query
  // names (SPEC: /admin/journal?filter=this-month&selectedTab=general), still read.
  adminPage("/admin/login-activity?result=failure"),
  adminPage("/admin/journal?filter=this-month&selectedTab=general"),
  adminPage("/admin/journal?filter=all&selectedTab=nothing&f.period=forever"),
  {
    path: "/admin/profile",
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
      writer: "allow",
      seniorWriter: "allow",
      admin: "allow",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", buyer: "/", seller: "/" },
  },
  adminChange("/admin/users"),
  adminChange("/admin/users/{buyer.uniqid}/edit"),
  // /admin/admins is the resource engine's (resources.rows.ts).
  {
    path: "/v2/profile/journal-activity",
    expect: {
      anonymous: "redirect",
      buyer: "allow",
      seller: "allow",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "allow",
    },
    redirectTo: {
      anonymous: "/sign-in",
      writer: "/admin/posts",
      seniorWriter: "/admin/posts",
      admin: "/admin/offer-dashboard",
    },
  },
];
