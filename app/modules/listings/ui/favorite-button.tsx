import { Heart } from "lucide-react";
import { useShell } from "~/components/shell/use-shell";
import { optimisticToggle, SavedListingForm, useSavedListingFetcher } from "./saved-listing-form";

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
    <SavedListingForm fetcher={fetcher} action="favorites" intent="toggle" listingId={listingId} className="contents">
      <button
        type="submit"
        aria-pressed={saved}
        className={
          bare
            ? className
            : `inline-flex items-center justify-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium transition-colors ${
                saved
                  ? "border-rose-300 bg-rose-50 text-rose-900 hover:bg-rose-100"
                  : "border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
              } ${className}`
        }
      >
        <Heart aria-hidden className={bare ? "size-5 shrink-0" : "size-4"} fill={saved ? "currentColor" : "none"} />
        <span className={showLabel ? undefined : "sr-only"}>{label}</span>
        <span className="sr-only"> {title}</span>
      </button>
    </SavedListingForm>
  );
}
