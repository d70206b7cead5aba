import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 32 "Voices of customers": the public testimonials and newsletter pages, and the footer's and feedback tab's
 * calls (the admin screens' rows come from the registry). The POSTs send bad input, so nothing is stored (400).
 */
export const rows: RouteAccessRow[] = [
  { path: "/testimonials", expect: everyone("allow") },
  { path: "/testimonials?page=2", expect: everyone("allow") },
  // Without a (valid) token the link names no subscription: 404 with the page's explanation.
  { path: "/newsletter/confirm", expect: everyone("refuse") },
  {
    path: "/newsletter/unsubscribe?token=1.unsubscribe.0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    expect: everyone("refuse"),
  },
  { path: "/api/subscriber", expect: everyone("wrongMethod") },
  { method: "POST", path: "/api/subscriber", form: { contact: "123", type: "phone" }, expect: everyone("allow") },
  { method: "POST", path: "/api/newsletter", form: { email: "not-an-address" }, expect: everyone("allow") },
  { path: "/api/app-link-clicks/appstore", expect: everyone("wrongMethod") },
  { method: "POST", path: "/api/app-link-clicks/unknown-store", expect: everyone("refuse") },
  { path: "/api/user/testimonial", expect: everyone("wrongMethod") },
  {
    method: "POST",
    path: "/api/user/testimonial",
    form: { comments: "No rating given" },
    expect: { ...everyone("allow"), anonymous: "refuse" },
  },
];
