import { ArrowDown, ArrowUp, Download, Plus, Settings, Upload } from "lucide-react";
import { useId } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDateEastern, formatDateTimeEastern, formatMoney, formatNumber } from "~/lib/format";
import type { ListColumnView, ListRowView, ResourceListView } from "~/modules/admin/resource-view";
import { ActionErrorAlert, AdminScreenHeading } from "./admin-chrome";

/**
 * The engine's list screen for any declared resource: heading, toolbar (create, import, export, table settings),
 * filters, search, the table with sort and paging from the query string, row actions and bulk delete. Every
 * control is a link or a form, so the screen works without JavaScript.
 */
export function ResourceList({ view, actionData }: { view: ResourceListView; actionData: unknown }) {
  const bulkId = useId();
  const { search } = useLocation();
  const { meta } = view;
  const visible = view.columns.filter((c) => !c.optional || view.shown.includes(c.key));
  const columns: DataTableColumn<ListRowView>[] = [];
  if (meta.can.delete && view.rows.length > 0) {
    columns.push({
      key: "__select",
      header: <span className="sr-only">Select</span>,
      cell: (r) => (
        <input
          type="checkbox"
          name="ids"
          value={r.id}
          form={bulkId}
          aria-label={`Select ${r.title}`}
          className="size-4"
        />
      ),
    });
  }
  for (const c of visible) {
    columns.push({
      key: c.key,
      header: c.label,
      sortKey: c.sortable ? c.key : undefined,
      sortFirst: c.format === "date" || c.format === "datetime" ? "desc" : "asc",
      wrap: c.format === "multiline" || c.primary,
      className: c.format === "number" || c.format === "money" ? "text-right tabular-nums" : undefined,
      cell: (r) => <Cell column={c} row={r} editHref={meta.can.update ? `${meta.paths.list}/${r.id}/edit` : null} />,
    });
  }
  columns.push({
    key: "__actions",
    header: "Actions",
    cell: (r) => <RowActions view={view} row={r} />,
  });
  const exportQs = new URLSearchParams(search);
  exportQs.delete("page");
  const exportHref = `${meta.paths.export}${exportQs.size ? `?${exportQs}` : ""}`;

  return (
    <div className="space-y-5">
      <AdminScreenHeading title={meta.title}>{meta.description}</AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <div className="flex flex-wrap items-center gap-2">
        {meta.can.create && (
          <Link to={meta.paths.create} className={buttonClass("primary", "sm")}>
            <Plus aria-hidden className="size-4" />
            Add {meta.noun}
          </Link>
        )}
        {meta.can.import && (
          <Link to={meta.paths.import} className={buttonClass("secondary", "sm")}>
            <Upload aria-hidden className="size-4" />
            Import CSV
          </Link>
        )}
        {meta.can.export && (
          // A file download, not a page: a plain link (React Router would fetch it as a page).
          <a href={exportHref} className={buttonClass("secondary", "sm")} download>
            <Download aria-hidden className="size-4" />
            Export CSV
          </a>
        )}
        <div className="ml-auto">
          <TableSettings view={view} />
        </div>
      </div>
      {view.filters.length > 0 && <Filters view={view} />}
      {meta.can.delete && view.rows.length > 0 && (
        <Form method="post" id={bulkId} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="delete" />
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            onClick={confirmDelete(`the selected ${meta.title.toLowerCase()}`)}
          >
            Delete selected
          </Button>
          <span className="text-sm text-slate-600">Tick rows in the table first.</span>
        </Form>
      )}
      <DataTable
        caption={meta.title}
        captionHidden
        columns={columns}
        rows={view.rows}
        rowKey={(r) => r.id}
        empty={view.q ? `No ${meta.noun} matches “${view.q}”.` : `No ${meta.title.toLowerCase()} yet.`}
        pagination={{ page: view.page, pageCount: view.pageCount, total: view.total }}
        sort={view.sort}
        search={view.searchable ? { value: view.q, label: `Search ${meta.title.toLowerCase()}` } : undefined}
      />
    </div>
  );
}

/** Asks before a delete when JavaScript runs; without it the button submits straight away. */
function confirmDelete(what: string) {
  return (e: React.MouseEvent) => {
    if (!window.confirm(`Delete ${what}? This cannot be undone from this screen.`)) e.preventDefault();
  };
}

function Cell({ column, row, editHref }: { column: ListColumnView; row: ListRowView; editHref: string | null }) {
  const v = row.cells[column.key];
  const detail = column.detail ? row.cells[column.detail] : null;
  let body: React.ReactNode;
  if (v === null || v === "") body = <span className="text-slate-500">None</span>;
  else if (column.format === "boolean") {
    const [yes, no] = column.booleanLabels ?? ["Yes", "No"];
    body = v ? yes : <span className="text-slate-600">{no}</span>;
  } else if (column.format === "number") body = formatNumber(Number(v));
  else if (column.format === "money") body = formatMoney(Number(v), { decimals: true });
  else if (column.format === "date") body = <time dateTime={String(v)}>{formatDateEastern(String(v))}</time>;
  else if (column.format === "datetime") body = <time dateTime={String(v)}>{formatDateTimeEastern(String(v))}</time>;
  else if (column.format === "url") {
    body = (
      <a href={String(v)} rel="noopener noreferrer nofollow" target="_blank" className="text-sky-800 underline">
        {String(v).replace(/^https?:\/\//, "")}
      </a>
    );
  } else if (column.format === "email") {
    body = (
      <a href={`mailto:${v}`} className="text-sky-800 underline">
        {String(v)}
      </a>
    );
  } else if (column.format === "image") {
    body = (
      <img src={String(v)} alt={`${column.label} of ${row.title}`} className="h-10 w-auto max-w-24 object-contain" />
    );
  } else body = <span className={column.format === "multiline" ? "line-clamp-3" : undefined}>{String(v)}</span>;
  if (column.primary && editHref) {
    body = (
      <Link to={editHref} className="font-medium text-sky-800 underline">
        {body}
      </Link>
    );
  }
  return (
    <>
      {body}
      {detail !== null && detail !== undefined && (
        <span className="block text-xs text-slate-600">{String(detail)}</span>
      )}
    </>
  );
}

function RowActions({ view, row }: { view: ResourceListView; row: ListRowView }) {
  const { meta } = view;
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("id") === row.id;
  const index = view.rows.indexOf(row);
  const first = view.page === 1 && index === 0;
  const last = view.page === view.pageCount && index === view.rows.length - 1;
  return (
    <div className="flex items-center gap-1.5">
      {meta.can.update && (
        <Link
          to={`${meta.paths.list}/${row.id}/edit`}
          className={buttonClass("secondary", "sm")}
          aria-label={`Edit ${row.title}`}
        >
          Edit
        </Link>
      )}
      {view.ordered && (
        <>
          <RowForm id={row.id} intent="move" extra={{ direction: "up" }} disabled={busy || first}>
            <ArrowUp aria-hidden className="size-4" />
            <span className="sr-only">Move {row.title} up</span>
          </RowForm>
          <RowForm id={row.id} intent="move" extra={{ direction: "down" }} disabled={busy || last}>
            <ArrowDown aria-hidden className="size-4" />
            <span className="sr-only">Move {row.title} down</span>
          </RowForm>
        </>
      )}
      {row.actions.map((a) => (
        <RowForm key={a.intent} id={row.id} intent={a.intent} disabled={busy} label={`${a.label} ${row.title}`}>
          {a.label}
        </RowForm>
      ))}
      {meta.can.delete && (
        <RowForm id={row.id} intent="delete" disabled={busy} label={`Delete ${row.title}`} confirm={row.title}>
          Delete
        </RowForm>
      )}
    </div>
  );
}

function RowForm({
  id,
  intent,
  extra = {},
  disabled,
  label,
  confirm,
  children,
}: {
  id: string;
  intent: string;
  extra?: Record<string, string>;
  disabled: boolean;
  label?: string;
  confirm?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="ids" value={id} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        name="intent"
        value={intent}
        disabled={disabled}
        aria-label={label}
        onClick={confirm ? confirmDelete(`“${confirm}”`) : undefined}
      >
        {children}
      </Button>
    </Form>
  );
}

function Filters({ view }: { view: ResourceListView }) {
  const id = useId();
  const { search } = useLocation();
  const drop = new Set([...view.filters.map((f) => `f.${f.key}`), "page"]);
  const kept = [...new URLSearchParams(search)].filter(([k]) => !drop.has(k));
  return (
    <Form
      method="get"
      aria-label={`Filter ${view.meta.title.toLowerCase()}`}
      className="flex flex-wrap items-end gap-3"
    >
      {kept.map(([k, v], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat; its position is its identity
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      {view.filters.map((f) => (
        <div key={f.key} className="min-w-40">
          <label htmlFor={`${id}-${f.key}`} className="block text-sm font-medium text-slate-800">
            {f.label}
          </label>
          <select
            id={`${id}-${f.key}`}
            name={`f.${f.key}`}
            defaultValue={f.value}
            className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          >
            <option value="">All</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  );
}

/** Rows per page and the optional columns, in the query string (`perPage`, `cog`, `show`). */
function TableSettings({ view }: { view: ResourceListView }) {
  const id = useId();
  const { search } = useLocation();
  const optional = view.columns.filter((c) => c.optional);
  const kept = [...new URLSearchParams(search)].filter(([k]) => !["perPage", "cog", "show", "page"].includes(k));
  return (
    <details className="relative">
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
            defaultValue={String(view.perPage)}
            className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          >
            {view.pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        {optional.length > 0 && (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">More columns</legend>
            {optional.map((c) => (
              <label key={c.key} className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  name="show"
                  value={c.key}
                  defaultChecked={view.shown.includes(c.key)}
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
