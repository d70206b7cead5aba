import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 31: the open market data, its series calls and the resale value calculator are public; the calculator's
 * settings (/admin/resorts/rvc) are the administrators'. The POST row sends a value out of range: refused (400),
 * nothing written. (The engine's two market resources are walked by resources.rows.ts.)
 */
const open = (path: string): RouteAccessRow => ({ path, expect: everyone("allow") });
const sentAway = { anonymous: "/sign-in", buyer: "/", seller: "/", writer: "/", seniorWriter: "/" } as const;

export const rows: RouteAccessRow[] = [
  open("/market"),
  open("/market/prices.csv"),
  open("/market/rofr.json"),
  open("/selling/rvc"),
  {
    path: "/admin/resorts/rvc",
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
  },
  {
    method: "POST",
    path: "/admin/resorts/rvc",
    form: { sales_months: "999" },
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
