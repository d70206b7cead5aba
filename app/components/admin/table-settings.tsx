import { Settings } from "lucide-react";
import { useId } from "react";
import { Form, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";

/**
 * The admin lists' settings cog (SPEC section 2): rows per page and the optional columns, kept in the query string
 * (`perPage`, `cog`, `show`), so a link carries them and it works without JavaScript.
 */
export function TableSettingsCog({
  perPage,
  pageSizes,
  columns,
  shown,
  legend = "Columns shown",
}: {
  perPage: number;
  pageSizes: readonly number[];
  /** The optional columns, by query-string key and label. */
  columns: { key: string; label: string }[];
  /** The keys shown now. */
  shown: readonly string[];
  legend?: string;
}) {
  const id = useId();
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([k]) => !["perPage", "cog", "show", "page"].includes(k));
  return (
    <details className="group relative">
      <summary className={buttonClass("secondary", "sm", "cursor-pointer list-none")}>
        <Settings aria-hidden className="size-4" />
        Table settings
      </summary>
      <Form
        method="get"
        aria-label="Table settings"
        className="absolute right-0 z-20 mt-2 w-64 space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
      >
        {kept.map(([k, v], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat; its position is its identity
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="cog" value="1" />
        <div>
          <label htmlFor={`${id}-per-page`} className="block text-sm font-medium text-slate-800">
            Rows per page
          </label>
          <select
            id={`${id}-per-page`}
            name="perPage"
            defaultValue={String(perPage)}
            className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        {columns.length > 0 && (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">{legend}</legend>
            {columns.map((c) => (
              <label key={c.key} className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  name="show"
                  value={c.key}
                  defaultChecked={shown.includes(c.key)}
                  className="size-4"
                />
                {c.label}
              </label>
            ))}
          </fieldset>
        )}
        <Button type="submit" size="sm">
          Save settings
        </Button>
      </Form>
    </details>
  );
}
