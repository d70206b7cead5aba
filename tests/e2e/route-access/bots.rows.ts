import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 33 (decision 0086): the Facebook settings (administrators only; the bots screens' rows come from the registry)
 * and the cookie prompt's answer (anyone; a GET goes home). The settings POST names an unknown section, so it changes
 * nothing (400 for an administrator); the consent POST without a choice is a 400 for everyone.
 */
export const rows: RouteAccessRow[] = [
  {
    path: "/admin/fb-settings",
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
    path: "/admin/fb-settings",
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
  { path: "/consent", expect: everyone("redirect"), redirectTo: { anonymous: "/" } },
  { method: "POST", path: "/consent", form: { choice: "maybe" }, expect: everyone("allow") },
];
