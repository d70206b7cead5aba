import type { ReactNode } from "react";

/**
 * One input of a calculator's GET form (the financing, FIRPTA and HARPTA calculators): label, hint, the value typed
 * and its refusal, tied together for screen readers. Works without JavaScript.
 */
export function CalcField({
  name,
  label,
  value,
  error,
  hint,
  prefix,
  suffix,
  inputMode = "decimal",
  type = "text",
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: ReactNode;
  prefix?: string;
  suffix?: string;
  inputMode?: "decimal" | "numeric";
  type?: "text" | "date";
}) {
  const id = `calc-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <div id={`${id}-hint`} className="text-xs leading-5 text-slate-600">
          {hint}
        </div>
      ) : null}
      <div className="mt-1 flex items-center gap-1">
        {prefix ? (
          <span aria-hidden="true" className="text-slate-700">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          type={type}
          inputMode={type === "text" ? inputMode : undefined}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`w-full min-w-0 rounded-md border px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-sky-700 ${error ? "border-red-700" : "border-slate-400"}`}
        />
        {suffix ? (
          <span aria-hidden="true" className="text-slate-700">
            {suffix}
          </span>
        ) : null}
      </div>
      {error ? (
        <div id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The calculators' submit button. */
export function CalcSubmit({ children }: { children: ReactNode }) {
  return (
    <button
      type="submit"
      className="rounded-md bg-sky-800 px-4 py-2 text-base font-semibold text-white hover:bg-sky-900 focus:outline-2 focus:outline-offset-2 focus:outline-sky-700"
    >
      {children}
    </button>
  );
}

/** The error summary above a refused form (role alert, so it is announced after the page loads). */
export function CalcErrors({ errors }: { errors: Record<string, string | undefined> }) {
  const list = Object.values(errors).filter((m): m is string => Boolean(m));
  if (list.length === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <div className="font-semibold">Please correct {list.length === 1 ? "this" : "these"}:</div>
      <ul className="mt-1">
        {list.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
