import { useId } from "react";
import type { ResourceFormAside } from "~/modules/admin/resource";

/** The panel beside an engine form (decision 0069): a template's variables, each with what it holds. */
export function FormAside({ aside }: { aside: ResourceFormAside }) {
  const id = useId();
  return (
    <aside aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-4">
      <h2 id={id} className="font-semibold text-slate-900">
        {aside.title}
      </h2>
      {aside.description && <p className="mt-1 text-sm text-slate-700">{aside.description}</p>}
      <dl className="mt-3 space-y-2 text-sm">
        {aside.terms.map((t) => (
          <div key={t.term}>
            <dt>
              <code className="rounded bg-slate-100 px-1 font-mono text-slate-900">{`{{ ${t.term} }}`}</code>
            </dt>
            <dd className="text-slate-700">{t.description}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
