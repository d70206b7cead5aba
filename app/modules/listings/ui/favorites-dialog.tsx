/**
 * The favorites modal (SPEC: remove, Listing, Points, Price, Total, Available Points, Use Year, Share).
 * Placeholder while issue 3 is built: the favorites work fills it in, keeping these props.
 */
export function FavoritesDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
