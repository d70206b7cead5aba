import { useRef, useState } from "react";
import { href, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ShellDialog } from "~/components/shell/shell-dialog";
import { DEACTIVATION_REASONS, MESSAGES, OTHER_REASON } from "../inventory.schema";
import { useListingStatusFetcher } from "./inventory-status-fetcher";

/**
 * Deactivate a listing (SPEC `listings.update`, value 9): a reason is required, and Other needs text.
 * 'Please enter reason' shows only after a try to deactivate without one (issue 13: not the moment the dialog
 * opens), and focus goes to the choice still missing. The modal closes once the server has answered, either way,
 * and the page comes back to the list it was opened from.
 */
export function DeactivateListingDialog({
  listing,
  onClose,
  returnFocusTo,
}: {
  listing: { id: number; listingCode: string } | null;
  onClose: () => void;
  /** The button that opened the dialog, focused again when it closes. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  return (
    <ShellDialog
      open={listing !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={listing ? `Deactivate listing ${listing.listingCode}` : "Deactivate listing"}
      returnFocusTo={returnFocusTo}
    >
      {listing ? <DeactivateForm key={listing.id} id={listing.id} onClose={onClose} /> : null}
    </ShellDialog>
  );
}

function DeactivateForm({ id, onClose }: { id: number; onClose: () => void }) {
  const fetcher = useListingStatusFetcher(onClose);
  const [reason, setReason] = useState("");
  const [other, setOther] = useState("");
  const [attempted, setAttempted] = useState(false);
  const complete = reason !== "" && (reason !== OTHER_REASON || other.trim() !== "");
  const missing = attempted && !complete;
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const { pathname, search } = useLocation();
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={href("/listings/update")}
      noValidate
      onSubmit={(e) => {
        if (complete) return;
        e.preventDefault();
        setAttempted(true);
        const next = reason === "" ? 'input[name="reason"]' : 'textarea[name="other_reason"]';
        formRef.current?.querySelector<HTMLElement>(next)?.focus();
      }}
      className="space-y-4"
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="name" value="listing_status_id" />
      <input type="hidden" name="value" value="9" />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <p className="text-slate-700">
        Buyers will no longer see this listing. You can activate it again from Inventory not for sale.
      </p>
      <fieldset className="space-y-2" aria-describedby={missing ? `reason-needed-${id}` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Why are you taking it off the market?</legend>
        {DEACTIVATION_REASONS.map((r) => (
          <label
            key={r.value}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-sky-800 has-[:checked]:bg-sky-50"
          >
            <input
              type="radio"
              name="reason"
              value={r.value}
              required
              checked={reason === r.value}
              onChange={() => setReason(r.value)}
              className="size-4"
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      {reason === OTHER_REASON ? (
        <div className="space-y-1">
          <label htmlFor={`other-reason-${id}`} className="block text-sm font-medium text-slate-800">
            Your reason
          </label>
          <textarea
            id={`other-reason-${id}`}
            name="other_reason"
            required
            maxLength={500}
            rows={3}
            value={other}
            onChange={(e) => setOther(e.target.value)}
            className="block w-full rounded-md border border-slate-400 px-3 py-2 text-base shadow-sm"
          />
        </div>
      ) : null}
      {missing ? (
        <p id={`reason-needed-${id}`} role="alert" className="text-sm font-medium text-red-700">
          {MESSAGES.reasonRequired}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="danger"
          className="disabled:bg-slate-400"
          disabled={busy}
          aria-describedby={missing ? `reason-needed-${id}` : undefined}
        >
          {busy ? "Deactivating..." : "Deactivate listing"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
