import { Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { CompareButton } from "./compare-button";
import { FavoriteButton } from "./favorite-button";
import { LazyShareDialog } from "./lazy-share-dialog";

/**
 * Favorite and compare toggles for one listing, on the result cards and the detail page. On a card they are icons
 * (the words for screen readers and as tooltips), so a card's actions fit on one line; the detail variant shows the
 * words and also has Share, which opens the Share with a Friend modal for the page's own address.
 */
export function ListingActions({
  listingId,
  title,
  variant = "card",
}: {
  listingId: number;
  title: string;
  variant?: "card" | "detail";
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <FavoriteButton listingId={listingId} title={title} showLabel={variant === "detail"} />
      <CompareButton listingId={listingId} title={title} showLabel={variant === "detail"} />
      {variant === "detail" ? <ShareButton /> : null}
    </div>
  );
}

/** Share needs JavaScript (a modal), so it appears once the page is interactive: never a button that does nothing. */
function ShareButton() {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          const here = new URL(window.location.href);
          here.hash = "";
          setUrl(here.toString());
          setOpen(true);
        }}
        className="inline-flex items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100"
      >
        <Share2 aria-hidden className="size-4" />
        Share
      </button>
      <LazyShareDialog open={open} onOpenChange={setOpen} listingUrl={url} />
    </>
  );
}
