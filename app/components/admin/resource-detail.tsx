import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import type { ResourceDetailView } from "~/modules/admin/resource-view";
import { AdminScreenHeading } from "./admin-chrome";
import { ConfirmedAction } from "./confirmed-action";
import { FormattedValue, InlineField } from "./resource-list";
import { RevisionsPanel } from "./resource-revisions";
import { ComputedSections } from "./resource-sections";

type Item = ResourceDetailView["items"][number];

/** Formats shown as a section of their own under the list of values: a mail's HTML and text versions. */
const SECTION_FORMATS = new Set<Item["format"]>(["document", "preformatted"]);

function DetailSection({ item, title }: { item: Item; title: string }) {
  const id = useId();
  const text = item.value === null ? "" : String(item.value);
  return (
    <section aria-labelledby={id} className="max-w-4xl">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {item.label}
      </h2>
      {item.format === "document" ? (
        // An empty sandbox: the document's scripts, forms and links cannot run or reach this page.
        <iframe
          sandbox=""
          srcDoc={text}
          title={`${item.label} of “${title}”`}
          className="mt-2 h-[28rem] w-full rounded-lg border border-slate-200 bg-white"
        />
      ) : (
        <pre className="mt-2 overflow-x-auto rounded-lg border border-slate-200 bg-white p-4 text-sm whitespace-pre-wrap break-words">
          {text}
        </pre>
      )}
    </section>
  );
}

/** One row's page: links to the row's own pages, a definition list of its detail columns, and the way back to the list. */
export function ResourceDetailPage({ view }: { view: ResourceDetailView }) {
  return (
    <div className="space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={view.meta.paths.list} className="text-sky-800 underline">
          {view.meta.title}
        </Link>
      </nav>
      <AdminScreenHeading title={view.title}>{view.meta.description}</AdminScreenHeading>
      {view.links.length > 0 && (
        <nav aria-label={`Pages about ${view.title}`}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {view.links.map((l) => (
              <li key={l.href}>
                <Link to={l.href} className="inline-flex items-center gap-1 font-medium text-sky-800 underline">
                  {l.label}
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <dl className="max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {view.items
          .filter((item) => !SECTION_FORMATS.has(item.format))
          .map((item) => (
            <div key={item.key} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="text-sm font-medium text-slate-700">{item.label}</dt>
              {item.format === "html" && typeof item.value === "string" && item.value !== "" ? (
                <dd
                  className="rich-text min-w-0 text-slate-900 break-words"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the engine sent it through the allow-list (lib/rich-text.server.ts)
                  dangerouslySetInnerHTML={{ __html: item.value }}
                />
              ) : (
                <dd className="min-w-0 text-slate-900 break-words whitespace-pre-line">
                  <FormattedValue
                    full
                    format={item.format}
                    value={item.value}
                    booleanLabels={item.booleanLabels}
                    label={item.label}
                    title={view.title}
                  />
                </dd>
              )}
            </div>
          ))}
      </dl>
      {view.items
        .filter((item) => SECTION_FORMATS.has(item.format))
        .map((item) => (
          <DetailSection key={item.key} item={item} title={view.title} />
        ))}
      {view.sections && <ComputedSections sections={view.sections} title={view.title} />}
      {view.actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {view.actions.map((a) =>
            a.confirm ? (
              <ConfirmedAction
                key={a.intent}
                id={view.id}
                act={{ ...a, confirm: a.confirm }}
                action={view.meta.paths.list}
                disabled={false}
              />
            ) : (
              // Posted to the list, which answers with a toast and shows the list again.
              <Form
                key={a.intent}
                method="post"
                action={view.meta.paths.list}
                className="flex max-w-full flex-wrap items-center gap-1.5"
              >
                {a.fields?.map((f) => (
                  <InlineField key={f.name} field={f} value={a.values?.[f.name]} rowTitle={view.title} />
                ))}
                <input type="hidden" name="id" value={view.id} />
                <Button type="submit" name="intent" value={a.intent} variant="secondary" aria-label={a.accessibleLabel}>
                  {a.label}
                </Button>
              </Form>
            ),
          )}
        </div>
      )}
      {view.revisions && (
        <RevisionsPanel view={view.revisions} id={view.id} title={view.title} listPath={view.meta.paths.list} />
      )}
    </div>
  );
}
