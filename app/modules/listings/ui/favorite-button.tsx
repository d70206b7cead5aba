/**
 * Adds a listing to the visitor's favorites or removes it (the `my-favorite-listings` cookie).
 * Placeholder while issue 3 is built: the favorites work fills it in, keeping these props.
 */
export function FavoriteButton(_props: { listingId: number; title: string; className?: string; showLabel?: boolean }) {
  return null;
}
