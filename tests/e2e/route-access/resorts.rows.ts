import type { RouteAccessRow } from "./types";

/**
 * Issue 3, the administrator's resort dues and contract end years. Administrators only: writers, buyers and sellers
 * are sent to `/`; an administrator impersonating a buyer gets the admin layout's notice (200) on pages and is sent
 * away from changes. The POST rows send input that is judged and refused (400), or name no resort (404): nothing
 * is written.
 */
const sentAway = { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" } as const;

const page = (path: string): RouteAccessRow => ({
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
  redirectTo: sentAway,
});

export const rows: RouteAccessRow[] = [
  page("/admin/resorts/annual-dues"),
  page("/admin/resorts/annual-dues/akv"),
  {
    path: "/admin/resorts/annual-dues/no-such-resort",
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "refuse",
      adminAsBuyer: "allow",
    },
    redirectTo: sentAway,
  },
  {
    method: "POST",
    path: "/admin/resorts/annual-dues/akv",
    form: { dues_per_point: "0", contract_end_year: "1999" },
    expect: {
      anonymous: "redirect",
      buyer: "redirect",
      seller: "redirect",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "allow",
      adminAsBuyer: "redirect",
    },
    redirectTo: { ...sentAway, adminAsBuyer: "/" },
  },
];
