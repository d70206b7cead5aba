import { type ReactNode, useEffect, useId, useState } from "react";
import type { FormFieldView } from "~/modules/admin/resource-view";

/**
 * A many-to-many field of the resource engine (kind "relations", decision 0068): one checkbox per row of the other
 * table, sent as repeated fields, so the form works without JavaScript. Once the page is interactive a search box
 * above the list narrows it as you type (the ticked rows stay ticked, hidden or not) and says how many are chosen.
 */
export function RelationsField({
  field: f,
  chosen,
  describedBy,
  invalid,
  children,
}: {
  field: FormFieldView;
  chosen: string[];
  describedBy?: string;
  invalid: boolean;
  children: ReactNode;
}) {
  const searchId = useId();
  const [interactive, setInteractive] = useState(false);
  const [query, setQuery] = useState("");
  const [ticked, setTicked] = useState(() => new Set(chosen));
  useEffect(() => setInteractive(true), []);
  const q = query.trim().toLowerCase();
  const shown = f.options.filter((o) => !q || o.label.toLowerCase().includes(q));
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={invalid || undefined} disabled={f.readOnly}>
      <legend className="text-sm font-medium text-slate-800">
        {f.label}
        {f.required && <span className="text-red-700"> *</span>}
      </legend>
      {interactive && (
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <label htmlFor={searchId} className="sr-only">
            Search {f.label.toLowerCase()}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Type to narrow the list"
            className="w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm"
          />
          <p className="text-sm text-slate-700" aria-live="polite">
            {ticked.size} of {f.options.length} chosen
            {q ? `, ${shown.length} shown` : ""}
          </p>
        </div>
      )}
      <div className="mt-2 grid max-h-72 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
        {f.options.map((o) => (
          <label
            key={o.value}
            className="flex items-center gap-2 text-sm text-slate-900"
            hidden={interactive && !shown.includes(o)}
          >
            <input
              type="checkbox"
              name={f.name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              onChange={(e) => {
                const next = new Set(ticked);
                if (e.target.checked) next.add(o.value);
                else next.delete(o.value);
                setTicked(next);
              }}
              className="size-4 shrink-0"
            />
            {o.label}
          </label>
        ))}
        {interactive && shown.length === 0 && <p className="text-sm text-slate-700">Nothing matches “{query}”.</p>}
      </div>
      {children}
    </fieldset>
  );
}
