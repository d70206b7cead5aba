import { RESOURCES } from "../../../app/modules/admin/resources.registry";
import type { RouteAccessRow } from "./types";

/**
 * Issue 9: the rows of every resource the admin resource engine serves, made from the registry instead of written
 * by hand. Administrators only: writers, buyers and sellers are sent to `/`; an administrator impersonating a buyer
 * gets the admin layout's notice (200) on pages and is sent away from changes. The POST names an intent the list
 * does not have: an administrator's answer is 400 (checked, judged, nothing written).
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

const change = (path: string): RouteAccessRow => ({
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
  redirectTo: { ...sentAway, adminAsBuyer: "/" },
});

// The list and its changes; a resource's create and import pages exist only when it offers them (the registry line
// does not say), so they are walked by the engine's own tests instead.
export const rows: RouteAccessRow[] = RESOURCES.flatMap((r) => [
  page(`/admin/${r.path}`),
  page(`/admin/${r.path}?sort=nothing&dir=up&page=999&perPage=7&cog=1&show=zzz`),
  change(`/admin/${r.path}`),
]);
