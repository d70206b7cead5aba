/** Where a listing's own page is: a broker's listing at /broker-listings/{id}, a member's at /listing-info/{id}. */
export function listingHref(l: { id: number; source: "member" | "broker" }) {
  return l.source === "broker" ? `/broker-listings/${l.id}` : `/listing-info/${l.id}`;
}
