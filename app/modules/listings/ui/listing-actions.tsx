/**
 * Favorite and compare toggles for one listing, on the result cards and the detail page.
 * Placeholder while issue 3 is built: the favorites/compare work fills it in, keeping these props.
 */
export function ListingActions(_props: { listingId: number; title: string; variant?: "card" | "detail" }) {
  return null;
}
