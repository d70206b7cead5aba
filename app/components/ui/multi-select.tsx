import type { ReactNode } from "react";

/**
 * A multi-select facet as a group of checkboxes sharing one field name (the key repeats in the query
 * string: uy=Feb&uy=Dec). Uncontrolled: the filter panel sets them after Back or a link.
 */
export function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  layout = "list",
}: {
  legend: string;
  name: string;
  options: { value: string; label: ReactNode; count?: number }[];
  /** The values checked now. */
  checked: readonly string[];
  /** "grid": four to a row (short labels, like months); "list": one a line. */
  layout?: "grid" | "list";
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className={layout === "grid" ? "mt-1 grid grid-cols-4 gap-x-2 gap-y-1" : "mt-1 space-y-1"}>
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-1.5 py-1 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={checked.includes(o.value)}
              className="size-4 accent-sky-800"
            />
            {o.label}
            {o.count === undefined ? null : <span className="text-slate-700">({o.count})</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
