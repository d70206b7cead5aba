/**
 * Share with a Friend (SPEC sections 3-5 and 8). `listingUrl` is null outside a listing page.
 * Placeholder while issue 3 is built: the share work fills it in, keeping these props.
 */
export function ShareDialog(_props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listingUrl: string | null;
}) {
  return null;
}
