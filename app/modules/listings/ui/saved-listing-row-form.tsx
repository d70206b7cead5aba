import type { ReactNode } from "react";
import { type FetcherWithComponents, useLocation } from "react-router";
import { PAGE, type SavedListingAction, type SavedListingReply, sendSavedListing } from "./saved-listing-form";

/**
 * A POST form to /favorites or /compare for one listing, in a row of the favorites and compare tables (a result
 * card's toggles use the page's toggle form instead, decision 0117); its submit button carries the intent
 * (`savedListingIntent`). Without JavaScript it is a plain form:
 * the action writes the cookie and redirects back to this page. With JavaScript the fetcher sends it (no reload, no
 * redirect) and the shell data revalidates, so every toggle and the header count follow.
 */
export function SavedListingForm({
  fetcher,
  action,
  listingId,
  className,
  children,
}: {
  fetcher: FetcherWithComponents<SavedListingReply>;
  action: SavedListingAction;
  listingId: number;
  className?: string;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  return (
    <form
      method="post"
      action={PAGE[action]}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        // With its submitter, the pressed button's intent is sent, as the browser does without JavaScript.
        const form = new FormData(e.currentTarget, e.nativeEvent.submitter);
        form.delete("redirectTo");
        sendSavedListing(fetcher, action, form);
      }}
    >
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      {children}
    </form>
  );
}

/** The submit button of a SavedListingForm: what it asks the action to do with the listing. */
export function savedListingIntent(intent: "toggle" | "remove") {
  return { type: "submit", name: "intent", value: intent } as const;
}
