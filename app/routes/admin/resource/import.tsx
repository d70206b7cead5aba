import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import type { Subject } from "~/auth/abilities";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { AdminScreenHeading } from "~/components/admin/admin-chrome";
import { Button, buttonClass } from "~/components/ui/button";
import { handleAction, intent } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { importersOf } from "~/modules/admin/importers";
import {
  csvFields,
  importResource,
  importTextOf,
  metaOf,
  resolveResource,
} from "~/modules/admin/resource-engine.server";
import type { ImportItem, ImportReport } from "~/modules/admin/resource-view";
import type { Route } from "./+types/import";

/** `<path>/import`: a file (CSV, or another format the resource declares) with a dry run that lists every row. */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const resource = await orHttpError(() => resolveResource(pattern));
  const page = await requireAdminPage(request, "create", resource.entry.subject as Subject);
  if (!page) return null;
  const { viewer } = page;
  const meta = metaOf(resource, viewer);
  if (!meta.can.import) throw new Response("This list cannot be imported.", { status: 404 });
  const columns = csvFields(resource.decl).map((f) => ({ label: f.label, required: !!f.required }));
  const formats = importersOf(resource.decl).map(({ format, label, accept, help }) => ({
    format,
    label,
    accept,
    help,
  }));
  return { meta, columns, formats };
}

/** An upload of 2 MB and the form around it. */
const MAX_IMPORT_BYTES = 2.5 * 1024 * 1024;

export async function action({ request, pattern }: Route.ActionArgs) {
  const resource = await orHttpError(() => resolveResource(pattern));
  // Whoever may not see the list is sent away, as from every admin page (an impersonating administrator too).
  const { viewer: actor } = await requireAbility(request, "read", resource.entry.subject as Subject);
  const services = await getServices();
  // The report is the page's answer (`stay`), not a redirect: it lists each bad row.
  const run = (dryRun: boolean) =>
    intent(z.object({}).passthrough(), async ({ body }) => {
      const text = await importTextOf(body);
      const format = typeof body.format === "string" ? body.format : "csv";
      const report = await importResource(services, { actor, input: { resource, text, format, dryRun } });
      return { message: summary(report), json: { report }, stay: true, status: report.errors.length ? 400 : 200 };
    });
  return handleAction(request, {
    actor,
    maxBytes: MAX_IMPORT_BYTES,
    intents: { check: run(true), import: run(false) },
  });
}

function summary(r: ImportReport) {
  if (r.errors.length)
    return `${r.errors.length} problem${r.errors.length === 1 ? "" : "s"} found: nothing was imported.`;
  const skipped = r.skipped ? `, ${r.skipped} skipped` : "";
  if (r.dryRun)
    return `All ${r.rows} rows are good: ${r.created} would be created, ${r.updated} updated${skipped || ", none skipped"}.`;
  return `Imported ${r.rows} rows: ${r.created} created, ${r.updated} updated${skipped}.`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Import ${loaderData?.meta.title.toLowerCase() ?? ""} · Admin` }];
}

export default function ResourceImportRoute({ loaderData, actionData }: Route.ComponentProps) {
  const nav = useNavigation();
  if (!loaderData) return null;
  const { meta, columns, formats } = loaderData;
  const answer = (actionData ?? null) as {
    report?: ImportReport | null;
    error?: string | null;
    values?: Record<string, unknown>;
  } | null;
  const chosen = typeof answer?.values?.format === "string" ? answer.values.format : "csv";
  const others = formats.filter((f) => f.format !== "csv");
  const report = answer?.report ?? null;
  const busy = nav.state === "submitting";
  return (
    <div className="space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={meta.paths.list} className="text-sky-800 underline">
          {meta.title}
        </Link>
      </nav>
      <AdminScreenHeading title={`Import ${meta.title.toLowerCase()}`}>
        Upload a CSV file whose first line names the columns. A row with an id updates that {meta.noun}; a row without
        one adds a new {meta.noun}. Check the file first: every bad value is listed by line and column, and nothing is
        written unless every row is good.
      </AdminScreenHeading>
      <section aria-labelledby="csv-columns" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="csv-columns" className="font-semibold text-slate-900">
          CSV columns
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          <code>id</code> (optional), then{" "}
          {columns.map((c, i) => (
            <span key={c.label}>
              {i > 0 && ", "}
              <code>{c.label}</code>
              {c.required && " (required)"}
            </span>
          ))}
          . The export of this list has exactly these columns:{" "}
          <a href={meta.paths.export} className="text-sky-800 underline" download>
            download it
          </a>{" "}
          to start from.
        </p>
        {others.map((f) => (
          <p key={f.format} className="mt-2 text-sm text-slate-700">
            <strong>{f.label}:</strong> {f.help}
          </p>
        ))}
      </section>
      {answer?.error && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {answer.error}
        </div>
      )}
      {report && <Report report={report} />}
      <Form
        method="post"
        encType="multipart/form-data"
        className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        {others.length > 0 && (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">File format</legend>
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
              {formats.map((f) => (
                <label key={f.format} className="inline-flex items-center gap-2 text-sm">
                  <input type="radio" name="format" value={f.format} defaultChecked={f.format === chosen} />
                  {f.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div>
          <label htmlFor="csv-file" className="block text-sm font-medium text-slate-800">
            {others.length ? "File" : "CSV file"} (at most 2 MB)
          </label>
          <input
            id="csv-file"
            name="file"
            type="file"
            accept={formats.map((f) => f.accept).join(",")}
            className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="csv-text" className="block text-sm font-medium text-slate-800">
            {others.length ? "Or paste the file's text" : "Or paste the CSV text"}
          </label>
          <textarea
            id="csv-text"
            name="csv"
            rows={6}
            className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2 font-mono text-sm"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="check" variant="secondary" disabled={busy}>
            Check the file
          </Button>
          <Button type="submit" name="intent" value="import" disabled={busy}>
            Import
          </Button>
          <Link to={meta.paths.list} className={buttonClass("secondary")}>
            Back to the list
          </Link>
        </div>
      </Form>
    </div>
  );
}

const ACTION_TEXT: Record<ImportItem["action"], string> = {
  create: "Created",
  update: "Updated",
  skip: "Skipped",
  refuse: "Refused",
};
const DRY_ACTION_TEXT: Record<ImportItem["action"], string> = {
  create: "Would be created",
  update: "Would be updated",
  skip: "Skipped",
  refuse: "Refused",
};

function Report({ report }: { report: ImportReport }) {
  const ok = report.errors.length === 0;
  const words = report.dryRun || !ok ? DRY_ACTION_TEXT : ACTION_TEXT;
  return (
    <section
      aria-labelledby="import-report"
      role={ok ? "status" : "alert"}
      className={`rounded-lg border p-4 ${ok ? "border-emerald-300 bg-emerald-50" : "border-red-300 bg-red-50"}`}
    >
      <h2 id="import-report" className="font-semibold text-slate-900">
        {summary(report)}
      </h2>
      {!ok && (
        <ReportTable
          caption="Problems by line"
          heads={["Line", "Column", "Problem"]}
          rows={report.errors.map((e) => [String(e.line), e.column || "—", e.message])}
        />
      )}
      {report.items.length > 0 && (
        <ReportTable
          caption={`Each row of the ${report.format} file`}
          heads={["Line", "Row", "What happens", "Why"]}
          rows={report.items.map((i) => [String(i.line), i.title, words[i.action], i.reason ?? ""])}
        />
      )}
    </section>
  );
}

const SHOWN = 200;

function ReportTable({ caption, heads, rows }: { caption: string; heads: string[]; rows: string[][] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left text-sm font-medium text-slate-800">{caption}</caption>
        <thead>
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col" className="py-1 pr-4">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the report's order is its identity
            <tr key={i} className="align-top">
              {cells.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed column order
                <td key={j} className={`py-1 pr-4 ${j === 0 ? "tabular-nums" : ""}`}>
                  {c || (j === 1 ? "—" : "")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN && <p className="mt-2 text-sm">…and {rows.length - SHOWN} more.</p>}
    </div>
  );
}
