import { useEffect, useRef } from "react";

/**
 * Why a signature was refused (a wrong password, initials missing), said next to the Sign button, not only at the top
 * of a long page, and focused so the signer hears and sees it where they pressed. Renders nothing without an error.
 */
const errorOf = (actionData: unknown) =>
  actionData && typeof actionData === "object" && "error" in actionData ? String(actionData.error) : null;

export function SignError({ actionData, id = "sign-error" }: { actionData: unknown; id?: string }) {
  const error = errorOf(actionData);
  const ref = useRef<HTMLParagraphElement>(null);
  // Each refusal (even the same words again) is focused where the signer pressed Sign.
  useEffect(() => {
    if (errorOf(actionData)) ref.current?.focus();
  }, [actionData]);
  if (!error) return null;
  return (
    <p
      ref={ref}
      id={id}
      role="alert"
      tabIndex={-1}
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 focus:outline-2 focus:outline-red-700"
    >
      {error}
    </p>
  );
}
