import { href } from "react-router";
/** Where a listing's own page is: a broker's listing at /broker-listings/{id}, a member's at /listing-info/{id}. */
export function listingHref(l: { id: number; source: "member" | "broker" }) {
  const id = String(l.id);
  return l.source === "broker" ? href("/broker-listings/:id", { id }) : href("/listing-info/:id", { id });
}
