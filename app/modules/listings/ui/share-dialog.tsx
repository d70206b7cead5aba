import { useId, useState } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { toast } from "~/components/ui/toast";
import { ShellDialog } from "~/components/shell/shell-dialog";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import {
  checkShareValues,
  SHARE_DEFAULT_MESSAGE,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type ShareField,
  type ShareFieldErrors,
} from "../share";

/** SPEC section 9: toasts of the share modal last 7 s. */
const TOAST_MS = 7000;

/**
 * Share with a Friend (SPEC sections 3-5 and 8). `listingUrl` is the listing page to share (absolute, or a path
 * of this site); null outside a listing page, where the dialog says the page cannot be shared.
 */
export function ShareDialog({
  open,
  onOpenChange,
  listingUrl,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listingUrl: string | null;
  /** Where focus goes when the dialog closes, when its opener is gone by then. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  return (
    <ShellDialog open={open} onOpenChange={onOpenChange} title="Share with a friend" returnFocusTo={returnFocusTo}>
      {listingUrl ? (
        <ShareForm listingUrl={listingUrl} onShared={() => onOpenChange(false)} />
      ) : (
        <div className="space-y-4">
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
            {SHARE_MESSAGES.notListingPage}
          </p>
          <p className="text-slate-700">
            Open a listing first, then use Share with a friend to send it by email.{" "}
            <Link
              to={href("/listings")}
              onClick={() => onOpenChange(false)}
              className="font-medium text-sky-800 underline hover:text-sky-950"
            >
              Browse listings
            </Link>
          </p>
        </div>
      )}
    </ShellDialog>
  );
}

type Reply = { success: boolean; message?: string; error?: string; fields?: Partial<Record<ShareField, string[]>> };

function ShareForm({ listingUrl, onShared }: { listingUrl: string; onShared: () => void }) {
  const id = useId();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState(SHARE_DEFAULT_MESSAGE);
  const [errors, setErrors] = useState<ShareFieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const values = { name, email, message, listing_url: listingUrl };
    const check = checkShareValues(values);
    setErrors(check.fields);
    if (check.missing) {
      toast.warning(SHARE_MESSAGES.required, { duration: TOAST_MS });
      return;
    }
    if (Object.keys(check.fields).length > 0) return;
    setPending(true);
    try {
      const response = await fetch(href("/api/share-this-listing"), {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...values, listing_url: new URL(listingUrl, window.location.origin).href }),
      });
      const reply = (await response.json().catch(() => ({ success: false }))) as Reply;
      if (response.ok && reply.success) {
        setName("");
        setEmail("");
        setMessage(SHARE_DEFAULT_MESSAGE);
        setErrors({});
        onShared();
        toast.success(SHARE_MESSAGES.success, { duration: TOAST_MS });
        return;
      }
      const fields: ShareFieldErrors = {};
      for (const [key, messages] of Object.entries(reply.fields ?? {})) {
        if (messages?.[0]) fields[key as ShareField] = messages[0];
      }
      setErrors(fields);
      const text = reply.error ?? "We could not send your message. Please try again.";
      if (text === SHARE_MESSAGES.required) toast.warning(text, { duration: TOAST_MS });
      else toast.error(text, { duration: TOAST_MS });
    } catch {
      toast.error("We could not reach the site. Check your connection and try again.", { duration: TOAST_MS });
    } finally {
      setPending(false);
    }
  }

  const messageId = `${id}-message`;
  const messageErrorId = `${messageId}-error`;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="share-form">
      <p className="text-sm text-slate-700">
        We email your friend a link to this listing with its price and points, and your message.
      </p>
      <Field
        id={`${id}-name`}
        name="name"
        label="Your name"
        autoComplete="name"
        maxLength={SHARE_LIMITS.name}
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={errors.name ? [errors.name] : undefined}
      />
      <Field
        id={`${id}-email`}
        name="email"
        type="email"
        label="Send to email"
        autoComplete="off"
        maxLength={SHARE_LIMITS.email}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errors={errors.email ? [errors.email] : undefined}
      />
      <div className="space-y-1">
        <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={4}
          maxLength={SHARE_LIMITS.message}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? messageErrorId : undefined}
          className={`block w-full rounded-md border px-3 py-2 text-base shadow-sm ${errors.message ? "border-red-600" : "border-slate-400"}`}
        />
        {errors.message ? (
          <p id={messageErrorId} className="text-sm font-medium text-red-700">
            {errors.message}
          </p>
        ) : null}
      </div>
      <input type="hidden" name="listing_url" value={listingUrl} />
      {errors.listing_url ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.listing_url}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Sending…" : "Send to my friend"}
      </Button>
    </form>
  );
}
