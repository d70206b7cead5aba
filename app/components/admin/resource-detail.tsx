import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { ResourceDetailView } from "~/modules/admin/resource-view";
import { AdminScreenHeading } from "./admin-chrome";
import { FormattedValue } from "./resource-list";

/** One row's page: a definition list of its detail columns, and the way back to the list. */
export function ResourceDetailPage({ view }: { view: ResourceDetailView }) {
  return (
    <div className="space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={view.meta.paths.list} className="text-sky-800 underline">
          {view.meta.title}
        </Link>
      </nav>
      <AdminScreenHeading title={view.title}>{view.meta.description}</AdminScreenHeading>
      <dl className="max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {view.items.map((item) => (
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
      {view.actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {view.actions.map((a) => (
            // Posted to the list, which answers with a toast and shows the list again.
            <Form key={a.intent} method="post" action={view.meta.paths.list}>
              <input type="hidden" name="id" value={view.id} />
              <Button type="submit" name="intent" value={a.intent} variant="secondary" aria-label={a.accessibleLabel}>
                {a.label}
              </Button>
            </Form>
          ))}
        </div>
      )}
    </div>
  );
}
