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

// The list itself is the resource engine's (resources.rows.ts); its edit form and a change are walked here.
export const rows: RouteAccessRow[] = [
  page("/admin/resorts/annual-dues/animal-kingdom/edit"),
  {
    path: "/admin/resorts/annual-dues/no-such-resort/edit",
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
    path: "/admin/resorts/annual-dues/animal-kingdom/edit",
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
