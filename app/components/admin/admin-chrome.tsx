import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * The admin screens' own chrome: the heading, the refusal alert and the one-button row forms. Shared by the
 * resource engine's screens and the bespoke ones (users, journal, dashboards).
 */

/** The heading and one-paragraph explanation at the top of an admin screen. */
export function AdminScreenHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{children}</p>
    </div>
  );
}

/** The refusal of an admin action (a 4xx answer), shown above the list. */
export function ActionErrorAlert({ actionData }: { actionData: unknown }) {
  // A `stay` answer that succeeded carries `error: null`: nothing to show.
  const raw = actionData && typeof actionData === "object" && "error" in actionData ? actionData.error : null;
  const error = raw === null || raw === undefined ? null : String(raw);
  if (!error) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </div>
  );
}

/** A one-button form on a row of an admin listing screen: posts the row's id (and an `intent`, if given). */
export function RowActionButton({
  id,
  label,
  busyLabel,
  accessibleName,
  intent,
  variant,
}: {
  id: number;
  label: string;
  busyLabel?: string;
  accessibleName: string;
  intent?: string;
  variant?: "secondary";
}) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("id") === String(id);
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        size="sm"
        variant={variant}
        name={intent ? "intent" : undefined}
        value={intent}
        disabled={busy}
        aria-label={accessibleName}
      >
        {busy && busyLabel ? busyLabel : label}
      </Button>
    </Form>
  );
}
