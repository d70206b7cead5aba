import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 32 (decision 0082): site search, a public page and the SPEC's call (a short term is a 400 to everyone, so
 * only answerable terms are walked here), and the front-end design settings (administrators only). The POST names
 * an unknown section, so it changes nothing (400 for an administrator).
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

/** The SEO defaults (decision 0085; the manager's list is walked with the registry): writers too (SPEC section 6). */
const staffPage = { ...adminOnly, writer: "allow", seniorWriter: "allow" } as const;
const notStaff = { anonymous: "/sign-in", buyer: "/", seller: "/" };

export const rows: RouteAccessRow[] = [
  { path: "/admin/seo/defaults", expect: staffPage, redirectTo: notStaff },
  { path: "/search", expect: everyone("allow") },
  { path: "/search?q=bay%20lake", expect: everyone("allow") },
  { path: "/api/dvc/search/bay%20lake", expect: everyone("allow") },
  {
    path: "/admin/frontend-design-settings",
    expect: adminOnly,
    redirectTo: { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" },
  },
  {
    method: "POST",
    path: "/admin/frontend-design-settings",
    form: { intent: "nonsense" },
    // While impersonating, a change is refused the way the other admin settings refuse it (a redirect home).
    expect: { ...adminOnly, adminAsBuyer: "redirect" },
    redirectTo: { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/", adminAsBuyer: "/" },
  },
];
