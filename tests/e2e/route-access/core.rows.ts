import { everyone, type RouteAccessRow } from "./types";

/** Routes built before issue 4 that a role may or may not see: the profile area, the admin area, the landing. */
const signedInOnly = {
  anonymous: "redirect",
  buyer: "allow",
  seller: "allow",
  writer: "allow",
  seniorWriter: "allow",
  admin: "allow",
  adminAsBuyer: "allow",
} as const;

const adminOnly = {
  anonymous: "redirect",
  buyer: "redirect",
  seller: "redirect",
  writer: "redirect",
  seniorWriter: "redirect",
  admin: "allow",
  adminAsBuyer: "allow", // the admin layout answers, with its content hidden while impersonating
} as const;

export const rows: RouteAccessRow[] = [
  { path: "/", expect: everyone("allow") },
  { path: "/listings", expect: everyone("allow") },
  {
    path: "/sign-in",
    expect: { ...everyone("redirect"), anonymous: "allow" },
    redirectTo: {
      buyer: "/v2/profile",
      seller: "/v2/profile",
      writer: "/admin/posts",
      admin: "/admin/offer-dashboard",
    },
  },
  {
    path: "/dashboard",
    expect: everyone("redirect"),
    redirectTo: {
      anonymous: "/sign-in",
      buyer: "/v2/profile",
      seller: "/v2/profile",
      admin: "/admin",
      writer: "/admin/posts",
    },
  },
  {
    path: "/v2/profile",
    expect: { ...signedInOnly, anonymous: "redirect", writer: "redirect", seniorWriter: "redirect", admin: "redirect" },
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    path: "/v2/profile/inventory-for-sale",
    expect: {
      ...signedInOnly,
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      buyer: "redirect",
      adminAsBuyer: "redirect",
    },
  },
  { path: "/admin/dashboard", expect: { ...adminOnly }, redirectTo: { anonymous: "/sign-in", buyer: "/" } },
  { path: "/admin/posts", expect: { ...adminOnly, writer: "allow", seniorWriter: "allow" } },
  // /admin/mail and /admin/pending-listings are the resource engine's (resources.rows.ts).
  // POST /admin/users/impersonate-leave ends the walker's impersonation: it is the very last row (impersonation.rows.ts).
];
