import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { makesOffers } from "~/auth/viewer";
import { useShell } from "~/components/shell/use-shell";
import { buttonClass } from "~/components/ui/button";

/**
 * "Make an offer" for a listing that is for sale (the caller shows it only on an active listing). Offers come from
 * buyer accounts, so visitors (who are asked to sign in on the way) and buyers see it; sellers, who never offer and
 * so never on their own listing, and staff do not.
 */
export function MakeOfferLink({
  listingId,
  listingName,
  size = "md",
  className = "",
}: {
  listingId: number;
  /** Said to screen readers after "Make an offer", so each card's link names its listing. */
  listingName?: string;
  size?: "sm" | "md";
  className?: string;
}) {
  const { viewer } = useShell();
  // The server's own rule (app/auth/abilities.ts asks the same): buyers, never staff (issue 28).
  if (viewer && !makesOffers(viewer)) return null;
  return (
    <Link
      to={href("/make-offer/:id", { id: String(listingId) })}
      className={buttonClass("primary", size, `${className} print:hidden`)}
    >
      Make an offer
      {listingName ? <span className="sr-only">{` on ${listingName}`}</span> : null}
    </Link>
  );
}
