import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { MESSAGES } from "../inventory.schema";

/** What POST /listings/update answers when it does not redirect. */
export type StatusUpdateReply = { ok: boolean; data?: unknown };

/**
 * A fetcher for `listings.update`: success redirects (with a toast on the next page) and settles the form;
 * a refusal shows the 'Status errors' warning with the server's message (SPEC section 8).
 */
export function useListingStatusFetcher(onSettled?: () => void) {
  const fetcher = useFetcher<StatusUpdateReply>();
  const reply = fetcher.data;
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (!reply) return;
    if (!reply.ok) {
      toast.warning(MESSAGES.statusErrorTitle, {
        description: typeof reply.data === "string" ? reply.data : "We could not change this listing.",
      });
    }
    settled.current?.();
  }, [reply]);
  // A success redirects, and now to the very list the form is on (issue 13): the page stays mounted, so the answer
  // settles the form (closes the dialog) whenever the fetcher is done, redirect or not.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      settled.current?.();
    }
  }, [fetcher.state]);
  return fetcher;
}
