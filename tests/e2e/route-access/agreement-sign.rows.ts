import type { RouteAccessRow } from "./types";

/**
 * Issue 11: the contract's signing page (in the profile area: staff have none) and the contract as a PDF (parties and
 * administrators; an unknown agreement is the same 404 as someone else's). A party's POST with a bad form is judged
 * (400) before anything else.
 */
const staffAway = { writer: "/admin/posts", seniorWriter: "/admin/posts", admin: "/admin" } as const;

export const rows: RouteAccessRow[] = [
  {
    path: "/v2/profile/agreements/2000000000/sign",
    expect: {
      anonymous: "redirect",
      buyer: "refuse",
      seller: "refuse",
      writer: "redirect",
      seniorWriter: "redirect",
      admin: "redirect",
      adminAsBuyer: "refuse",
    },
    redirectTo: { anonymous: "/sign-in", ...staffAway },
  },
  {
    method: "POST",
    path: "/v2/profile/agreements/2000000000/sign",
    form: { legalName: "" },
    // Staff have no profile area: the layout sends them away before the page answers.
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
    path: "/v2/profile/agreements/2000000000/contract.pdf",
    expect: {
      anonymous: "redirect",
      buyer: "refuse",
      seller: "refuse",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "refuse",
      adminAsBuyer: "refuse",
    },
    redirectTo: { anonymous: "/sign-in" },
  },
];
