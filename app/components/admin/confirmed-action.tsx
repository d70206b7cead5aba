import { Form } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";

/**
 * A row action that commits money or a contract (a declaration's `confirm`): the button opens the sentence being
 * agreed to and a "Yes, …" button that sends `confirm=yes`. Without JavaScript it is the same disclosure; the server
 * refuses the action without the confirmation (422), so a stray click or a crafted POST changes nothing.
 */
export function ConfirmedAction({
  id,
  act,
  action,
  disabled,
}: {
  id: string;
  /** The row action as the view gives it. */
  act: { intent: string; label: string; accessibleLabel: string; confirm: string };
  /** Where the form posts (the list's path from a row's own page). */
  action?: string;
  disabled: boolean;
}) {
  const { intent, label, accessibleLabel, confirm } = act;
  return (
    <details className="max-w-sm">
      <summary
        className={`${buttonClass("secondary", "sm")} cursor-pointer list-none`}
        aria-label={`${accessibleLabel}…`}
      >
        {label}…
      </summary>
      <Form method="post" action={action} className="mt-2 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
        <p className="text-sm text-slate-900">{confirm}</p>
        <input type="hidden" name="ids" value={id} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="confirm" value="yes" />
        <Button type="submit" size="sm" name="intent" value={intent} disabled={disabled}>
          Yes, {label.toLowerCase()}
        </Button>
      </Form>
    </details>
  );
}
