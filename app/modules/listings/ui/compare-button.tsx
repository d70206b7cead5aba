import { Columns3 } from "lucide-react";
import { useShell } from "~/components/shell/use-shell";
import { optimisticToggle, SavedListingForm, useSavedListingFetcher } from "./saved-listing-form";

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
    <SavedListingForm fetcher={fetcher} action="compare" intent="toggle" listingId={listingId} className="contents">
      <button
        type="submit"
        aria-pressed={inCompare}
        title={showLabel ? undefined : "Compare"}
        className={`inline-flex items-center justify-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium transition-colors ${
          inCompare
            ? "border-sky-400 bg-sky-50 text-sky-950 hover:bg-sky-100"
            : "border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
        } ${className}`}
      >
        <Columns3 aria-hidden className="size-4" />
        <span className={showLabel ? undefined : "sr-only"}>Compare</span>
        <span className="sr-only"> {title}</span>
      </button>
    </SavedListingForm>
  );
}
