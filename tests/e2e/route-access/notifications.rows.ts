import type { RouteAccessRow } from "./types";

/**
 * Issue 10, a person's notifications. The page is the profile area's (staff have none: sent to their landing page);
 * its forms and the bell's call act on the signed-in person's own notifications only (a bad id is judged: 400, an
 * unknown one is 404). The offer mail's tracking image answers the same GIF to everyone, whatever the token.
 */
const staffAway = { writer: "/admin/posts", seniorWriter: "/admin/posts", admin: "/admin" } as const;

export const rows: RouteAccessRow[] = [
  {
    path: "/v2/profile/notifications?page=2",
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
    path: "/v2/profile/notifications",
    form: { intent: "delete", id: "not-a-number" },
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
    path: "/api/notifications",
    form: { intent: "read", id: "2000000000" },
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
    path: "/api/offer-mail-opened/1.1.AAAAAAAAAAAAAAAAAAAAAA.gif",
    expect: {
      anonymous: "allow",
      buyer: "allow",
      seller: "allow",
      writer: "allow",
      seniorWriter: "allow",
      admin: "allow",
      adminAsBuyer: "allow",
    },
  },
];
