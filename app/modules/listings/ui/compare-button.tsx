import { Columns3 } from "lucide-react";
import { useShell } from "~/components/shell/use-shell";
import { optimisticToggle, savedListingToggle, useSavedListingFetcher } from "./saved-listing-form";

/** Puts a listing in the comparison (up to four, POST /compare) or takes it out; `aria-pressed` says which. */
export function CompareButton({
  listingId,
  title,
  className = "",
  showLabel = true,
}: {
  listingId: number;
  title: string;
  className?: string;
  /** Without the visible word (a result card): the icon, with the word for screen readers and as a tooltip. */
  showLabel?: boolean;
}) {
  const { compareIds } = useShell();
  const fetcher = useSavedListingFetcher("compare");
  const inCompare = optimisticToggle(compareIds.includes(listingId), fetcher);
  return (
    <button
      {...savedListingToggle(fetcher, "compare", listingId)}
      aria-pressed={inCompare}
      title={showLabel ? undefined : "Compare"}
      className={`toggle-btn compare ${className}`}
    >
      <Columns3 aria-hidden className="size-4" />
      {showLabel ? (
        <>
          <span>Compare</span>
          <span className="sr-only">{` ${title}`}</span>
        </>
      ) : (
        <span className="sr-only">{`Compare ${title}`}</span>
      )}
    </button>
  );
}
