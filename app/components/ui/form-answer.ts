/**
 * What a bespoke page's form shows after its action answered (the engine's form pattern, decision 0072): the
 * pipeline (`handleAction`, `handlePublicAction`) refuses with `{ error, fields, values }` and the status, and a
 * `stay` success answers `{ success, message, error: null, ...json }`. A refused form shows the error above the
 * form, each field's message beside its field (`Field`'s `errors`: `aria-invalid`, `aria-describedby`) and what
 * was typed as the fields' `defaultValue`, so it works without JavaScript. Secrets are never echoed.
 *
 *   const answer = formAnswer(actionData);
 *   <FormErrors errors={answer.formErrors} />
 *   <Field name="email" defaultValue={answer.value("email", loaderData.email)} errors={answer.errors("email")} />
 */
export type FormAnswer = {
  /** True when the action refused the form (its values are echoed). */
  refused: boolean;
  /** The refusal's message. */
  error: string | null;
  /** `[error]` when the refusal names no field, for `FormErrors`; empty otherwise (the fields say it). */
  formErrors: string[];
  /** A field's messages, or undefined. */
  errors: (name: string) => string[] | undefined;
  /** What the refused (or kept) form sent for `name` (one value), else `fallback` (the stored value). */
  value: (name: string, fallback?: string | null) => string | undefined;
  /** Every value sent for `name` (checkboxes, multi-selects), else `fallback`. */
  values: (name: string, fallback?: readonly string[]) => string[];
};

type Refusal = { error: string; fields?: Record<string, string[]> | null; values?: Record<string, string | string[]> };
type Values = Record<string, string | string[]>;

/** The values an answer sends back: a refusal's, or a `stay` success's that keeps the form as typed (a preview). */
function valuesOf(actionData: unknown): Values | null {
  if (!actionData || typeof actionData !== "object") return null;
  const v = (actionData as { values?: unknown }).values;
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Values) : null;
}

export function isRefusal(actionData: unknown): actionData is Refusal {
  return (
    !!actionData && typeof actionData === "object" && typeof (actionData as { error?: unknown }).error === "string"
  );
}

/**
 * The answer as one form sees it. On a page of several forms, `intent` names this form's: a refusal of another
 * form's intent leaves this one as it was.
 */
export function formAnswer(actionData: unknown, intent?: string): FormAnswer {
  const echoed = valuesOf(actionData);
  const mine = intent === undefined || echoed?.intent === intent;
  const refusal = mine && isRefusal(actionData) ? actionData : null;
  const fields = refusal?.fields ?? {};
  const sent = mine ? echoed : null;
  const named = Object.values(fields).some((m) => m?.length);
  return {
    refused: !!refusal,
    error: refusal?.error ?? null,
    formErrors: refusal && !named ? [refusal.error] : [],
    errors: (name) => (fields[name]?.length ? fields[name] : undefined),
    value: (name, fallback) => {
      if (sent) {
        const v = sent[name];
        return Array.isArray(v) ? v[0] : (v ?? "");
      }
      return fallback ?? undefined;
    },
    values: (name, fallback = []) => {
      if (sent) {
        const v = sent[name];
        return v === undefined ? [] : Array.isArray(v) ? v : [v];
      }
      return [...fallback];
    },
  };
}
