import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 31: the financing page (public) and the finance settings (administrators only; the lenders' rows come from
 * the registry). The POST names an unknown section, so it changes nothing (400 for an administrator).
 */
export const rows: RouteAccessRow[] = [
  { path: "/dvc-financing", expect: everyone("allow") },
  {
    path: "/admin/finance/settings",
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
    path: "/admin/finance/settings",
    form: { intent: "nonsense" },
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
