import { Heart } from "lucide-react";
import { useShell } from "~/components/shell/use-shell";
import { optimisticToggle, savedListingToggle, useSavedListingFetcher } from "./saved-listing-form";

/**
 * Adds a listing to the visitor's favorites or removes it (SPEC section 4 "Favorites toggle"; the cookie
 * `my-favorite-listings` is written by POST /favorites). A toggle button: `aria-pressed` says whether it is saved.
 */
export function FavoriteButton({
  listingId,
  title,
  className = "",
  showLabel = true,
  label = "Favorite",
  bare = false,
}: {
  listingId: number;
  title: string;
  className?: string;
  showLabel?: boolean;
  /** The visible words (the tool menu says "Favorite this listing", beside its "My favorites"). */
  label?: string;
  /** Only `className` styles it (a menu item), not the bordered button's look. */
  bare?: boolean;
}) {
  const { favoriteIds } = useShell();
  const fetcher = useSavedListingFetcher("favorites");
  const saved = optimisticToggle(favoriteIds.includes(listingId), fetcher);
  return (
    <button
      {...savedListingToggle(fetcher, "favorites", listingId)}
      aria-pressed={saved}
      className={bare ? className : `toggle-btn favorite ${className}`}
    >
      <Heart aria-hidden className={`${bare ? "size-5 shrink-0" : "size-4"}${saved ? " fill-current" : ""}`} />
      {/* Without the visible word, one span for screen readers: a page of results draws 60 of these (0114). */}
      {showLabel ? (
        <>
          <span>{label}</span>
          <span className="sr-only">{` ${title}`}</span>
        </>
      ) : (
        <span className="sr-only">{`${label} ${title}`}</span>
      )}
    </button>
  );
}
