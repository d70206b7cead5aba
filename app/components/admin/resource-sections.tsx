import { useId } from "react";
import type { ResourceComputedSection } from "~/modules/admin/resource";

/**
 * The computed sections of a row's page (decision 0069): a template's preview. A document is shown in an empty
 * sandbox (no script, form or link of it reaches this page) at each declared width, side by side where they fit.
 */
export function ComputedSections({ sections, title }: { sections: ResourceComputedSection[]; title: string }) {
  return sections.map((s) => <ComputedSection key={s.title} section={s} title={title} />);
}

function ComputedSection({ section, title }: { section: ResourceComputedSection; title: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {section.title}
        </h2>
        {section.description && <p className="text-sm text-slate-700">{section.description}</p>}
      </div>
      {section.items.map((item) => (
        <div key={item.label}>
          <h3 className="text-sm font-semibold text-slate-800">{item.label}</h3>
          {item.format === "document" ? (
            <div className="mt-2 flex flex-wrap items-start gap-4">
              {(item.widths ?? [640]).map((w) => (
                <figure key={w} className="w-full" style={{ maxWidth: `${w}px` }}>
                  <figcaption className="mb-1 text-sm text-slate-700">
                    {w <= 480 ? "Phone" : "Desktop"}: {w} px wide
                  </figcaption>
                  <iframe
                    sandbox=""
                    srcDoc={item.value}
                    title={`${item.label} of “${title}” at ${w} px`}
                    className="h-[32rem] w-full rounded-lg border border-slate-300 bg-white"
                  />
                </figure>
              ))}
            </div>
          ) : item.format === "preformatted" ? (
            <pre className="mt-1 max-w-3xl overflow-x-auto rounded-lg border border-slate-200 bg-white p-4 text-sm break-words whitespace-pre-wrap">
              {item.value}
            </pre>
          ) : (
            <p className="mt-1 max-w-3xl break-words text-slate-900">{item.value}</p>
          )}
        </div>
      ))}
    </section>
  );
}
