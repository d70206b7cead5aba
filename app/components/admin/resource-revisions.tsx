import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { formatDateTimeEastern } from "~/lib/format-dates";
import type { RevisionsView } from "~/modules/admin/resource-view";

/**
 * A row's versions (decision 0069): the list, a form comparing two (a GET: the page renders the diff on the server)
 * and a restore button for each kept version (posted to the list, which saves it and comes back here). The diff
 * marks each line in words ("Added", "Removed") as well as by colour.
 */
export function RevisionsPanel({
  view,
  id,
  title,
  listPath,
}: {
  view: RevisionsView;
  id: string;
  title: string;
  listPath: string;
}) {
  const headingId = useId();
  const kept = view.versions.filter((v) => !v.current);
  const name = (v: RevisionsView["versions"][number]) =>
    v.current ? `Version ${v.version} (current)` : `Version ${v.version}`;
  return (
    <section aria-labelledby={headingId} className="max-w-4xl space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Versions
      </h2>
      {kept.length === 0 ? (
        <p className="text-slate-700">No earlier version yet: each save keeps the wording it replaces here.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {view.versions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <div>
                  <span className="font-medium text-slate-900">{name(v)}</span>
                  {v.savedAt && (
                    <span className="block text-sm text-slate-700">
                      Replaced <time dateTime={v.savedAt}>{formatDateTimeEastern(v.savedAt)}</time>
                      {v.savedBy ? ` by ${v.savedBy}` : ""}
                    </span>
                  )}
                </div>
                {!v.current && view.canRestore && (
                  <Form method="post" action={listPath}>
                    <input type="hidden" name="id" value={id} />
                    <input type="hidden" name="version" value={v.version} />
                    <Button
                      type="submit"
                      name="intent"
                      value="restore-version"
                      variant="secondary"
                      size="sm"
                      aria-label={`Restore version ${v.version} of ${title}`}
                    >
                      Restore
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {view.compare && (
            <div className="space-y-3">
              <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Compare two versions">
                <VersionSelect name="from" label="Compare" value={view.compare.from} versions={view.versions} />
                <VersionSelect name="to" label="with" value={view.compare.to} versions={view.versions} />
                <Button type="submit" variant="secondary" size="sm">
                  Show changes
                </Button>
              </Form>
              <Diff compare={view.compare} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function VersionSelect({
  name,
  label,
  value,
  versions,
}: {
  name: string;
  label: string;
  value: number;
  versions: RevisionsView["versions"];
}) {
  const id = useId();
  return (
    <SelectField id={id} name={name} label={label} defaultValue={String(value)}>
      {versions.map((v) => (
        <option key={v.version} value={v.version}>
          Version {v.version}
          {v.current ? " (current)" : ""}
        </option>
      ))}
    </SelectField>
  );
}

function Diff({ compare }: { compare: NonNullable<RevisionsView["compare"]> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Changes from version {compare.from} to version {compare.to}
      </h3>
      {compare.fields.length === 0 ? (
        <p className="text-slate-700">The two versions are the same.</p>
      ) : (
        compare.fields.map((f) => (
          <div key={f.label}>
            <h4 className="text-sm font-semibold text-slate-800">{f.label}</h4>
            <ol className="mt-1 overflow-x-auto rounded-lg border border-slate-200 bg-white font-mono text-sm">
              {f.lines.map((l, i) =>
                l.kind === "same" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of a diff have no identity but their place
                  <li key={i} className="px-3 py-0.5 break-words whitespace-pre-wrap text-slate-700">
                    <span className="sr-only">Unchanged: </span>
                    <span aria-hidden>{"  "}</span>
                    {l.text || " "}
                  </li>
                ) : l.kind === "added" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of a diff have no identity but their place
                  <li key={i} className="bg-emerald-50 px-3 py-0.5 break-words whitespace-pre-wrap text-emerald-900">
                    <ins className="no-underline">
                      <span className="font-bold">+ Added: </span>
                      {l.text || " "}
                    </ins>
                  </li>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of a diff have no identity but their place
                  <li key={i} className="bg-rose-50 px-3 py-0.5 break-words whitespace-pre-wrap text-rose-900">
                    <del className="no-underline">
                      <span className="font-bold">− Removed: </span>
                      {l.text || " "}
                    </del>
                  </li>
                ),
              )}
            </ol>
          </div>
        ))
      )}
    </section>
  );
}
