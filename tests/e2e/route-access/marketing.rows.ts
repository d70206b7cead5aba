import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 33 (decision 0087): the marketing dashboard and preview (administrators only; the campaigns and templates are
 * engine resources, walked with the registry), the open-tracking image (everyone: the same GIF whatever the token)
 * and a click link whose signature does not match (refused to everyone, no redirect).
 */
const adminOnly = {
  anonymous: "redirect",
  buyer: "redirect",
  seller: "redirect",
  writer: "redirect",
  seniorWriter: "redirect",
  admin: "allow",
  adminAsBuyer: "allow",
} as const;
const notAdmin = { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" };

export const rows: RouteAccessRow[] = [
  { path: "/admin/marketing/dashboard", expect: adminOnly, redirectTo: notAdmin },
  { path: "/admin/marketing/preview", expect: adminOnly, redirectTo: notAdmin },
  { path: "/api/marketing/open/1.AAAAAAAAAAAAAAAAAAAAAA.gif", expect: everyone("allow") },
  {
    path: "/api/marketing/click/1?u=https%3A%2F%2Fevil.example%2F&s=AAAAAAAAAAAAAAAAAAAAAA",
    expect: everyone("refuse"),
  },
];
