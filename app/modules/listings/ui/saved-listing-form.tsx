import { type MouseEvent, useEffect } from "react";
import { type FetcherWithComponents, href, useFetcher, useLocation, useNavigate } from "react-router";
import { toast } from "~/components/ui/toast";

/** What POST /favorites and POST /compare answer to a fetcher (a form without JavaScript is redirected back). */
export type SavedListingReply = { ok: boolean; message: string; added?: boolean };

/** The two lists a visitor keeps listings in; each is a page that takes the POST. */
export type SavedListingAction = "favorites" | "compare";
export const PAGE: Record<SavedListingAction, string> = { favorites: href("/favorites"), compare: href("/compare") };

/** A fetcher for the favorites or compare action that shows its answer as a toast. */
export function useSavedListingFetcher(action: SavedListingAction) {
  const fetcher = useFetcher<SavedListingReply>();
  const navigate = useNavigate();
  const reply = fetcher.data;
  useEffect(() => {
    if (!reply) return;
    if (!reply.ok) toast.error(reply.message);
    else if (action === "compare" && reply.added)
      toast.success(reply.message, { action: { label: "Compare now", onClick: () => navigate(PAGE.compare) } });
    else toast.success(reply.message);
  }, [reply, action, navigate]);
  return fetcher;
}

/**
 * One toggle at a time: each request must carry the cookie the previous answer wrote, or two quick clicks would
 * both start from the same list and the second would undo the first.
 */
let queue: Promise<unknown> = Promise.resolve();

/** The id of the page's one toggle form (`SavedListingToggleForm`), which every favorite and compare toggle submits. */
const TOGGLE_FORM = "saved-listing-toggle";

/**
 * The page's one form behind the favorite and compare toggles, in the root layout: without JavaScript a toggle
 * button submits it (its `form` attribute) to its own action, with the listing as the button's value. A page of 60
 * cards so has no form in each card: Chrome visits every form when the page has loaded, and a form inside a card
 * that skips its styles until scrolled near (`content-visibility`) made it compute that card's styles alone, one
 * card at a time, in one long task at load (decision 0117).
 */
export function SavedListingToggleForm() {
  const { pathname, search } = useLocation();
  return (
    <form id={TOGGLE_FORM} method="post" action={PAGE.favorites} hidden>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="redirectTo" value={pathname + search} />
    </form>
  );
}

/**
 * A favorite or compare toggle button's props: a submit button of the page's toggle form, to this action, for this
 * listing. With JavaScript the click sends the same fields through the fetcher instead (no reload, no redirect).
 */
export function savedListingToggle(
  fetcher: FetcherWithComponents<SavedListingReply>,
  action: SavedListingAction,
  listingId: number,
) {
  return {
    type: "submit",
    form: TOGGLE_FORM,
    formAction: PAGE[action],
    formMethod: "post",
    name: "listingId",
    value: listingId,
    onClick: (e: MouseEvent) => {
      e.preventDefault();
      const form = new FormData();
      form.set("intent", "toggle");
      form.set("listingId", String(listingId));
      sendSavedListing(fetcher, action, form);
    },
  } as const;
}

/** Sends a toggle or a removal through the fetcher, after the ones before it (see `queue`). */
export function sendSavedListing(
  fetcher: FetcherWithComponents<SavedListingReply>,
  action: SavedListingAction,
  form: FormData,
) {
  queue = queue.then(() => fetcher.submit(form, { method: "post", action: PAGE[action] })).catch(() => {});
}

/** While a toggle is on its way, show the state it will lead to. */
export function optimisticToggle(saved: boolean, fetcher: FetcherWithComponents<SavedListingReply>) {
  const intent = fetcher.formData?.get("intent");
  if (intent === "toggle") return !saved;
  if (intent === "remove") return false;
  return saved;
}
