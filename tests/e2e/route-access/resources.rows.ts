import { defineAbilityFor, type Viewer } from "../../../app/auth/abilities";
import { type RegistryEntry, RESOURCES } from "../../../app/modules/admin/resources.registry";
import type { RouteAccessRow } from "./types";

/**
 * Issue 9: the rows of every resource the admin resource engine serves, made from the registry instead of written
 * by hand. Administrators (and writers where their rules let them read the subject); the others are sent to `/`; an administrator impersonating a buyer
 * gets the admin layout's notice (200) on pages and is sent away from changes. The POST names an intent the list
 * does not have: an administrator's answer is 400 (checked, judged, nothing written).
 */
const sentAway = { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" } as const;

/**
 * Resources whose subject writers may read (content they work on, e.g. the media library, decision 0067): writers
 * and senior writers are let in like administrators. The walk then proves the server agrees.
 */
const staffWriter = (staffRole: "writer" | "senior_writer"): Viewer => ({
  id: "walk-writer",
  name: "Writer",
  email: "writer@example.com",
  role: "buyer",
  staffRole,
  userUniqid: "walk-writer",
  emailVerified: true,
  impersonatedBy: null,
});
const writers = (r: RegistryEntry) => defineAbilityFor(staffWriter("writer")).can("read", r.subject as never);
const seniorWriters = (r: RegistryEntry) =>
  defineAbilityFor(staffWriter("senior_writer")).can("read", r.subject as never);

const page = (r: RegistryEntry, path: string): RouteAccessRow => ({
  path,
  expect: {
    anonymous: "redirect",
    buyer: "redirect",
    seller: "redirect",
    writer: writers(r) ? "allow" : "redirect",
    seniorWriter: seniorWriters(r) ? "allow" : "redirect",
    admin: "allow",
    adminAsBuyer: "allow",
  },
  redirectTo: sentAway,
});

const change = (r: RegistryEntry, path: string): RouteAccessRow => ({
  method: "POST",
  path,
  form: { intent: "no-such-intent" },
  expect: {
    anonymous: "redirect",
    buyer: "redirect",
    seller: "redirect",
    writer: writers(r) ? "allow" : "redirect",
    seniorWriter: seniorWriters(r) ? "allow" : "redirect",
    admin: "allow",
    adminAsBuyer: "redirect",
  },
  redirectTo: { ...sentAway, adminAsBuyer: "/" },
});

// The list and its changes; a resource's create and import pages exist only when it offers them (the registry line
// does not say), so they are walked by the engine's own tests instead.
export const rows: RouteAccessRow[] = RESOURCES.flatMap((r) => [
  page(r, `/admin/${r.path}`),
  page(r, `/admin/${r.path}?sort=nothing&dir=up&page=999&perPage=7&cog=1&show=zzz`),
  change(r, `/admin/${r.path}`),
]);
