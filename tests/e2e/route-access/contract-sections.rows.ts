import type { RouteAccessRow } from "./types";

/**
 * Issue 11, /admin/contract-sections: administrators only. Writers, buyers and sellers are sent to `/` (anonymous to
 * sign in); an administrator signed in as a buyer gets the admin layout's notice (200) on the page and is sent away
 * from a change. The POST rows send a template that is refused (400: an unknown variable) or a preview, so nothing
 * is written.
 */
const sentAway = { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" } as const;
const staffOnly = {
  anonymous: "redirect",
  buyer: "redirect",
  seller: "redirect",
  writer: "redirect",
  seniorWriter: "redirect",
  admin: "allow",
} as const;

export const rows: RouteAccessRow[] = [
  {
    path: "/admin/contract-sections",
    expect: { ...staffOnly, adminAsBuyer: "allow" },
    redirectTo: sentAway,
  },
  {
    method: "POST",
    path: "/admin/contract-sections",
    form: { intent: "save", section: "2", title: "Resale addendum", body: "{{ no_such_variable }}" },
    expect: { ...staffOnly, adminAsBuyer: "redirect" },
    redirectTo: { ...sentAway, adminAsBuyer: "/" },
  },
  {
    method: "POST",
    path: "/admin/contract-sections",
    form: { intent: "preview", section: "1", title: "Purchase agreement", body: "Agreement {{ agreement_number }}" },
    expect: { ...staffOnly, adminAsBuyer: "redirect" },
    redirectTo: { ...sentAway, adminAsBuyer: "/" },
  },
];
