import type { RouteAccessRow } from "./types";

/**
 * Issue 10, offers. The make-offer page answers 404 for a listing that does not exist (for everyone); making an offer
 * is for buyers (an empty form is judged: 400). Each side's list is its profile area's; an offer's page is its
 * parties' (and administrators'): an unknown offer is the same 404 as someone else's. Staff have no profile area.
 */
const staffAway = { writer: "/admin/posts", seniorWriter: "/admin/posts", admin: "/admin" } as const;

export const rows: RouteAccessRow[] = [
  {
    path: "/make-offer/2000000000",
    expect: {
      anonymous: "refuse",
      buyer: "refuse",
      seller: "refuse",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "refuse",
      adminAsBuyer: "refuse",
    },
  },
  {
    method: "POST",
    path: "/make-offer/2000000000",
    form: { pricePerPoint: "" },
    // Issue 28: staff make no offers (sent home with a word why, nothing written); only buyers reach the form.
    expect: {
      anonymous: "redirect",
      buyer: "allow",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", seller: "/", writer: "/", seniorWriter: "/", admin: "/" },
  },
  {
    path: "/v2/profile/buyer-offers?view=closed",
    expect: {
      anonymous: "redirect",
      buyer: "allow",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", seller: "/", ...staffAway },
  },
  {
    path: "/v2/profile/seller-offers",
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "allow",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "redirect",
    },
    redirectTo: { anonymous: "/sign-in", buyer: "/", adminAsBuyer: "/", ...staffAway },
  },
  {
    path: "/v2/profile/offers/2000000000",
    expect: {
      anonymous: "redirect",
      buyer: "refuse",
      seller: "refuse",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "refuse",
    },
    redirectTo: { anonymous: "/sign-in", ...staffAway },
  },
  {
    method: "POST",
    path: "/v2/profile/offers/2000000000",
    form: { intent: "withdraw" },
    expect: {
      anonymous: "redirect",
      buyer: "refuse",
      seller: "refuse",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "refuse",
    },
    redirectTo: { anonymous: "/sign-in", ...staffAway },
  },
  {
    path: "/admin/od-settings",
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
    path: "/admin/od-settings",
    form: { status: "nonsense" },
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
