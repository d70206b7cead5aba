import type { RouteAccessRow } from "./types";

/**
 * The administrator's listing screens and the seller's inventory. Admin screens: administrators only (others are
 * sent away; an administrator impersonating a buyer gets the admin layout's notice, 200). /admin itself only
 * sends each member of staff to their landing page. The inventory pages are the seller's.
 */

const sellerPage = (path: string): RouteAccessRow => ({
  path,
  expect: {
    anonymous: "redirect",
    buyer: "redirect",
    seller: "allow",
    writer: "redirect",
    seniorWriter: "redirect",
    admin: "redirect",
    adminAsBuyer: "redirect",
  },
  redirectTo: { anonymous: "/sign-in" },
});

export const rows: RouteAccessRow[] = [
  {
    path: "/admin",
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
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
  sellerPage("/v2/profile/inventory-not-for-sale"),
  sellerPage("/v2/profile/inventory-for-sale/new"),
  // Issue 28: listing a contract is a seller's post; staff (and buyers) are sent home, nothing written. An empty
  // form is judged for a seller (400).
  {
    method: "POST",
    path: "/v2/profile/inventory-for-sale/new",
    form: { resortId: "" },
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "allow",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "redirect",
    },
    redirectTo: { anonymous: "/sign-in", buyer: "/", writer: "/", seniorWriter: "/", admin: "/", adminAsBuyer: "/" },
  },
];
