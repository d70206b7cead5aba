import type { ComponentProps, ReactNode } from "react";

/** A labelled input with its error message, wired for screen readers. */
export function Field({
  id,
  label,
  errors,
  hint,
  ...input
}: ComponentProps<"input"> & { id: string; label: ReactNode; errors?: string[]; hint?: ReactNode }) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = !!errors?.length;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...input}
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined}
        className={`block w-full rounded-md border px-3 py-2 text-base shadow-sm ${invalid ? "border-red-600" : "border-slate-400"}`}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {errors?.[0]}
        </p>
      ) : null}
    </div>
  );
}

export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {errors[0]}
    </div>
  );
}

/** A labelled select with its error. */
export function SelectField({
  id,
  label,
  name,
  defaultValue,
  errors,
  children,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue?: string;
  errors?: string[];
  children: ReactNode;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const invalid = !!errors?.length;
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm disabled:bg-slate-100 ${invalid ? "border-red-600" : "border-slate-400"}`}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {errors?.[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Any of a list, as checkboxes under a legend (a multi-select without JavaScript): the engine's forms and the
 * settings screens. `children` go under the boxes (a hint, the errors).
 */
export function CheckboxGroup({
  name,
  legend,
  options,
  chosen,
  describedBy,
  className,
  children,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  chosen: readonly string[];
  describedBy?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              className="size-4"
            />
            {o.label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
