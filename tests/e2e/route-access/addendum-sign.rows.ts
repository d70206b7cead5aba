import type { RouteAccessRow } from "./types";

/**
 * Decision 0036: an addendum's signing page (in the profile area: staff have none; an unknown agreement or addendum
 * is the same 404 as someone else's) and the back office's addendum row actions on /admin/agreements. A party's POST
 * with a bad form is judged (400) before anything else; the row actions are the administrators' (others are sent
 * away; an administrator's empty form is judged, 400, nothing written).
 */
const staffAway = { writer: "/admin/posts", seniorWriter: "/admin/posts", admin: "/admin" } as const;
const sentAway = { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/", adminAsBuyer: "/" };
const pageAccess = {
  anonymous: "redirect",
  buyer: "refuse",
  seller: "refuse",
  writer: "redirect",
  seniorWriter: "redirect",
  admin: "redirect",
  adminAsBuyer: "refuse",
} as const;
const adminOnlyPost = {
  anonymous: "redirect",
  buyer: "redirect",
  seller: "redirect",
  writer: "redirect",
  seniorWriter: "redirect",
  admin: "allow",
  adminAsBuyer: "redirect",
} as const;

export const rows: RouteAccessRow[] = [
  {
    path: "/v2/profile/agreements/2000000000/addenda/1/sign",
    expect: pageAccess,
    redirectTo: { anonymous: "/sign-in", ...staffAway },
  },
  {
    path: "/v2/profile/agreements/2000000000/addenda/not-a-number/sign",
    expect: pageAccess,
    redirectTo: { anonymous: "/sign-in", ...staffAway },
  },
  {
    method: "POST",
    path: "/v2/profile/agreements/2000000000/addenda/1/sign",
    form: { legalName: "" },
    expect: {
      anonymous: "redirect",
      buyer: "allow",
      seller: "allow",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "allow",
    },
    redirectTo: { anonymous: "/sign-in", ...staffAway },
  },
  {
    method: "POST",
    path: "/admin/agreements",
    form: { intent: "write-addendum", id: "2000000000", title: "", text: "" },
    expect: adminOnlyPost,
    redirectTo: sentAway,
  },
  {
    method: "POST",
    path: "/admin/agreements",
    form: { intent: "withdraw-addendum", id: "2000000000", reason: "" },
    expect: adminOnlyPost,
    redirectTo: sentAway,
  },
];
