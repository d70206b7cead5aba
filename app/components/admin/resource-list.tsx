import { ArrowDown, ArrowUp, Download, Plus, SlidersHorizontal, Upload } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { priorityByPosition } from "~/components/ui/data-table-layout";
import { formatNumber, formatPrice } from "~/lib/format";
import { formatCalendarDate, formatDateEastern, formatDateTimeEastern } from "~/lib/format-dates";
import type {
  FormFieldView,
  ListColumnView,
  ListFilterView,
  ListRowView,
  ResourceListView,
} from "~/modules/admin/resource-view";
import { ActionErrorAlert, AdminScreenHeading } from "./admin-chrome";
import { ConfirmedAction } from "./confirmed-action";
import { TableSettingsCog } from "./table-settings";

/**
 * The engine's list screen for any declared resource: heading, toolbar (create, import, export, table settings),
 * filters, search, the table with sort and paging from the query string, row actions and bulk delete. Every
 * control is a link or a form, so the screen works without JavaScript.
 */
export function ResourceList({ view, actionData }: { view: ResourceListView; actionData: unknown }) {
  const bulkId = useId();
  const { search } = useLocation();
  useMoveFocus();
  const { meta } = view;
  const visible = view.columns.filter((c) => !c.hidden && (!c.optional || view.shown.includes(c.key)));
  // The row's name: the declared primary column, else the first one shown. The others give way by their declared
  // priority, else by position (decision 0048).
  const primary = visible.find((c) => c.primary) ?? visible[0];
  const others = visible.filter((c) => c !== primary);
  const columns: DataTableColumn<ListRowView>[] = [];
  if (meta.can.delete && view.rows.length > 0) {
    columns.push({
      key: "__select",
      label: "Select",
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
      sortFirst: c.sortFirst,
      wrap: c.format === "multiline" || c.primary || c.wrap,
      primary: c === primary,
      priority: c === primary ? 1 : (c.priority ?? priorityByPosition(others.indexOf(c))),
      numeric: c.format === "number" || c.format === "money",
      cell: (r) => (
        <Cell
          column={c}
          row={r}
          href={
            view.hasDetail ? `${meta.paths.list}/${r.id}` : meta.can.update ? `${meta.paths.list}/${r.id}/edit` : null
          }
        />
      ),
    });
  }
  // A list whose rows offer nothing (a log) has no actions column.
  if (view.rows.some((r) => rowHasActions(view, r))) {
    columns.push({
      key: "__actions",
      header: "Actions",
      actions: true,
      cell: (r) => <RowActions view={view} row={r} />,
    });
  }
  const exportQs = new URLSearchParams(search);
  exportQs.delete("page");
  const exportHref = `${meta.paths.export}${exportQs.size ? `?${exportQs}` : ""}`;

  return (
    <div className="space-y-5">
      <AdminScreenHeading title={meta.title}>{meta.description}</AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <RevealedValue actionData={actionData} />
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
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {view.settingsLink && (
            <Link to={view.settingsLink.href} className={buttonClass("secondary", "sm")}>
              <SlidersHorizontal aria-hidden className="size-4" />
              {view.settingsLink.label}
            </Link>
          )}
          <TableSettingsCog
            perPage={view.perPage}
            pageSizes={view.pageSizes}
            columns={view.columns.filter((c) => c.optional && !c.hidden)}
            shown={view.shown}
            legend="More columns"
          />
        </div>
      </div>
      {view.toolbar.map((a) => (
        <ToolbarForm key={a.intent} action={a} reply={replyTo(actionData, a.intent)} />
      ))}
      {view.filters
        .filter((f) => f.tabs)
        .map((f) => (
          <FilterTabs key={f.key} filter={f} />
        ))}
      {view.filters.some((f) => !f.tabs) && <Filters view={view} />}
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
        caption={view.caption}
        captionHidden
        columns={columns}
        rows={view.rows}
        rowKey={(r) => r.id}
        empty={view.q ? `No ${meta.noun} matches “${view.q}”.` : view.emptyText}
        pagination={{ page: view.page, pageCount: view.pageCount, total: view.total }}
        sort={view.sort}
        search={view.searchable ? { value: view.q, label: view.searchLabel } : undefined}
      />
    </div>
  );
}

/**
 * Keeps the keyboard where it was after "Move up"/"Move down": once the list is reloaded in its new order, focus
 * goes back to the moved row's button (its other button when the row reached the first or last place).
 */
function useMoveFocus() {
  const nav = useNavigation();
  const pending = useRef<{ id: string; direction: string } | null>(null);
  useEffect(() => {
    const data = nav.formData;
    if (nav.state === "submitting" && data?.get("intent") === "move") {
      pending.current = { id: String(data.get("id")), direction: String(data.get("direction")) };
      return;
    }
    if (nav.state !== "idle" || !pending.current) return;
    const { id, direction } = pending.current;
    pending.current = null;
    const other = direction === "up" ? "down" : "up";
    const find = (d: string) =>
      [...document.querySelectorAll<HTMLButtonElement>(`button[data-move="${CSS.escape(`${id}:${d}`)}"]`)].find(
        (b) => !b.disabled && b.offsetParent !== null,
      );
    (find(direction) ?? find(other))?.focus();
  }, [nav.state, nav.formData]);
}

function rowHasActions(view: ResourceListView, row: ListRowView) {
  return view.meta.can.update || view.meta.can.delete || view.ordered || row.actions.length > 0 || row.notes.length > 0;
}

/** Asks before a delete when JavaScript runs; without it the button submits straight away. */
function confirmDelete(what: string) {
  return (e: React.MouseEvent) => {
    if (!window.confirm(`Delete ${what}? This cannot be undone from this screen.`)) e.preventDefault();
  };
}

/** A value shown as its column's format says (shared by the list and a row's page). */
export function FormattedValue({
  format,
  value: v,
  booleanLabels,
  label,
  title,
  full = false,
}: {
  /** Show long text whole (a row's page) instead of its first lines (the list). */
  full?: boolean;
  format: ListColumnView["format"];
  value: string | number | boolean | null;
  booleanLabels: [string, string] | null;
  label: string;
  title: string;
}) {
  if (v === null || v === "") return <span className="text-slate-500">None</span>;
  if (format === "boolean") {
    const [yes, no] = booleanLabels ?? ["Yes", "No"];
    return v ? yes : <span className="text-slate-600">{no}</span>;
  }
  if (format === "number") return formatNumber(Number(v));
  if (format === "money") return formatPrice(Number(v));
  // A calendar date (a `date` column, YYYY-MM-DD) is that day, not a moment shown in Eastern time (the day before).
  if (format === "date") {
    const day = String(v);
    return (
      <time dateTime={day}>{/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatCalendarDate(day) : formatDateEastern(day)}</time>
    );
  }
  if (format === "datetime") return <time dateTime={String(v)}>{formatDateTimeEastern(String(v))}</time>;
  if (format === "url") {
    return (
      <a href={String(v)} rel="noopener noreferrer nofollow" target="_blank" className="text-sky-800 underline">
        {String(v).replace(/^https?:\/\//, "")}
      </a>
    );
  }
  if (format === "email") {
    return (
      <a href={`mailto:${v}`} className="text-sky-800 underline">
        {String(v)}
      </a>
    );
  }
  if (format === "image") {
    return <img src={String(v)} alt={`${label} of ${title}`} className="h-10 w-auto max-w-24 object-contain" />;
  }
  return (
    <span className={(format === "multiline" || format === "html") && !full ? "line-clamp-3" : undefined}>
      {String(v)}
    </span>
  );
}

function Cell({ column, row, href }: { column: ListColumnView; row: ListRowView; href: string | null }) {
  const detail = column.detail ? row.cells[column.detail] : null;
  let body = (
    <FormattedValue
      format={column.format}
      value={row.cells[column.key]}
      booleanLabels={column.booleanLabels}
      label={column.label}
      title={row.title}
    />
  );
  const to = row.links[column.key] ?? (column.primary ? href : null);
  if (to) {
    body = (
      <Link to={to} className="font-medium text-sky-800 underline">
        {body}
      </Link>
    );
  }
  const content = (
    <>
      {body}
      {detail !== null && detail !== undefined && (
        <span className="block text-xs text-slate-600">{String(detail)}</span>
      )}
    </>
  );
  // A nested list (decision 0065): a child is indented under its parent, and says so in words.
  if (!column.primary || !row.tree) return content;
  if (row.tree.level === 1) return <span data-level={1}>{content}</span>;
  return (
    <span
      data-level={row.tree.level}
      className="flex gap-1.5"
      style={{ paddingLeft: `${(row.tree.level - 1) * 1.25}rem` }}
    >
      <span aria-hidden className="text-slate-500">
        ↳
      </span>
      <span>
        <span className="sr-only">Under {row.tree.parentTitle}: </span>
        {content}
      </span>
    </span>
  );
}

function RowActions({ view, row }: { view: ResourceListView; row: ListRowView }) {
  const { meta } = view;
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("id") === row.id;
  const index = view.rows.indexOf(row);
  // A nested list moves a row among its siblings (decision 0065).
  const first = row.tree ? row.tree.first : view.page === 1 && index === 0;
  const last = row.tree ? row.tree.last : view.page === view.pageCount && index === view.rows.length - 1;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
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
          <RowForm id={row.id} intent="move" extra={{ direction: "up" }} disabled={busy || first} move="up">
            <ArrowUp aria-hidden className="size-4" />
            <span className="sr-only">Move {row.title} up</span>
          </RowForm>
          <RowForm id={row.id} intent="move" extra={{ direction: "down" }} disabled={busy || last} move="down">
            <ArrowDown aria-hidden className="size-4" />
            <span className="sr-only">Move {row.title} down</span>
          </RowForm>
        </>
      )}
      {row.actions.map((a) =>
        a.postTo ? (
          // A route of its own (signing in as the user): a full page load, as its answer sets cookies.
          <Form key={a.intent} method="post" action={a.postTo} reloadDocument>
            <Button type="submit" size="sm" variant="secondary" disabled={busy} aria-label={a.accessibleLabel}>
              {a.label}
            </Button>
          </Form>
        ) : a.confirm ? (
          <ConfirmedAction key={a.intent} id={row.id} act={{ ...a, confirm: a.confirm }} disabled={busy} />
        ) : (
          <RowForm
            key={a.intent}
            id={row.id}
            intent={a.intent}
            disabled={busy}
            label={a.accessibleLabel}
            before={a.fields.map((f) => (
              <InlineField key={f.name} field={f} value={a.values[f.name]} rowTitle={row.title} />
            ))}
          >
            {a.label}
          </RowForm>
        ),
      )}
      {row.notes.map((note) => (
        <span key={note} className="text-sm text-slate-600">
          {note}
        </span>
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
  before,
  move,
  children,
}: {
  before?: React.ReactNode;
  /** A move button: marked so focus can come back to it after the move. */
  move?: "up" | "down";
  id: string;
  intent: string;
  extra?: Record<string, string>;
  disabled: boolean;
  label?: string;
  confirm?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="flex max-w-full flex-wrap items-center gap-1.5">
      {before}
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
        data-move={move ? `${id}:${move}` : undefined}
        onClick={confirm ? confirmDelete(`“${confirm}”`) : undefined}
      >
        {children}
      </Button>
    </Form>
  );
}

/** A tab filter: "All" and each option with its count; each tab is a link (the other filters and the search kept). */
function FilterTabs({ filter: f }: { filter: ListFilterView }) {
  const { search } = useLocation();
  const linkTo = (value: string) => {
    const qs = new URLSearchParams(search);
    qs.delete("page");
    qs.set(`f.${f.key}`, value);
    return `?${qs}`;
  };
  const tabs = [{ value: "", label: "All", count: f.tabs?.all ?? 0 }].concat(
    f.options.map((o) => ({ value: o.value, label: o.label, count: f.tabs?.counts[o.value] ?? 0 })),
  );
  return (
    <nav aria-label={`${f.label} tabs`}>
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {tabs.map((t) => {
          const current = t.value === f.value;
          return (
            <li key={t.value || "all"}>
              <Link
                to={linkTo(t.value)}
                aria-current={current ? "page" : undefined}
                className={`-mb-px inline-flex items-center gap-2 rounded-t-md border-b-2 px-3 py-2 text-sm font-medium ${
                  current ? "border-sky-700 text-sky-900" : "border-transparent text-slate-700 hover:text-slate-900"
                }`}
              >
                {t.label}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${current ? "bg-sky-100 text-sky-900" : "bg-slate-100 text-slate-700"}`}
                >
                  {formatNumber(t.count)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Filters({ view }: { view: ResourceListView }) {
  const id = useId();
  const { search } = useLocation();
  const own = view.filters.filter((f) => !f.tabs);
  const drop = new Set([
    ...own.flatMap((f) => (f.kind === "date" ? [`f.${f.key}.from`, `f.${f.key}.to`] : [`f.${f.key}`])),
    "page",
  ]);
  const kept = [...new URLSearchParams(search)].filter(([k]) => !drop.has(k));
  const inputClass = "mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base";
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
      {own.map((f) =>
        f.kind === "date" ? (
          <fieldset key={f.key} className="flex flex-wrap gap-2">
            <legend className="block text-sm font-medium text-slate-800">{f.label}</legend>
            <label className="text-sm text-slate-700">
              From
              <input type="date" name={`f.${f.key}.from`} defaultValue={f.from} className={inputClass} />
            </label>
            <label className="text-sm text-slate-700">
              To
              <input type="date" name={`f.${f.key}.to`} defaultValue={f.to} className={inputClass} />
            </label>
          </fieldset>
        ) : (
          <div key={f.key} className="w-full min-w-40 sm:w-auto sm:max-w-xs">
            <label htmlFor={`${id}-${f.key}`} className="block text-sm font-medium text-slate-800">
              {f.label}
            </label>
            <select id={`${id}-${f.key}`} name={`f.${f.key}`} defaultValue={f.value} className={inputClass}>
              <option value="">All</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ),
      )}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  );
}

/** A small input sent with a row's button (e.g. the role to change to). */
export function InlineField({
  field: f,
  value,
  rowTitle,
}: {
  field: FormFieldView;
  value: string | string[] | boolean | null | undefined;
  rowTitle: string;
}) {
  const label = `${f.label} for ${rowTitle}`;
  if (f.kind === "select" || f.kind === "relation") {
    return (
      <select
        name={f.name}
        aria-label={label}
        defaultValue={typeof value === "string" ? value : ""}
        className="max-w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm"
      >
        {f.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  const text = {
    name: f.name,
    "aria-label": label,
    defaultValue: typeof value === "string" ? value : "",
    maxLength: f.maxLength ?? undefined,
    placeholder: f.label,
    // Asked where the button is: a required field is required before the form goes (no round trip to an error).
    required: f.required || undefined,
  };
  // A moment is typed in Eastern time: its label (which says so) is shown beside the picker.
  if (f.kind === "datetime") {
    return (
      <label className="flex max-w-full flex-wrap items-center gap-1.5 text-sm text-slate-800">
        <span aria-hidden>{f.label}</span>
        <input
          {...text}
          type="datetime-local"
          className="w-56 max-w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm"
        />
      </label>
    );
  }
  // A textarea field gets a few lines (a longer text); a date its picker; every other kind one line.
  return f.kind === "textarea" ? (
    <textarea
      {...text}
      rows={2}
      className="w-48 max-w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm"
    />
  ) : (
    <input
      {...text}
      type={f.kind === "date" ? "date" : undefined}
      className="w-32 max-w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm"
    />
  );
}

/**
 * A value a toolbar action shows once (a new API key's secret; issue 33): the sentence and the value in a box that
 * stays until the page is left, the value in a read-only field that selects itself when focused, for copying.
 */
function RevealedValue({ actionData }: { actionData: unknown }) {
  const id = useId();
  const d = actionData as { message?: string; reveal?: { label: string; value: string; note: string } } | null;
  if (!d?.reveal) return null;
  return (
    <div role="status" className="max-w-2xl rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-slate-900">
      <p className="font-semibold">{d.message}</p>
      <label htmlFor={`${id}-value`} className="mt-2 block text-sm font-medium">
        {d.reveal.label}
      </label>
      <input
        id={`${id}-value`}
        data-testid="revealed-value"
        readOnly
        value={d.reveal.value}
        onFocus={(e) => e.currentTarget.select()}
        aria-describedby={`${id}-note`}
        className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm"
      />
      <p id={`${id}-note`} className="mt-2 text-sm text-slate-700">
        {d.reveal.note}
      </p>
    </div>
  );
}

/** A refused toolbar form's answer (its field messages and the values sent back), when it is this form's. */
type ToolbarReply = { fields: Record<string, string[]>; values: Record<string, string | string[]> } | null;
function replyTo(actionData: unknown, intent: string): ToolbarReply {
  const d = actionData as { fields?: Record<string, string[]>; values?: Record<string, string | string[]> } | null;
  if (!d?.values || d.values.intent !== intent) return null;
  return { fields: d.fields ?? {}, values: d.values };
}

function ToolbarForm({ action, reply }: { action: ResourceListView["toolbar"][number]; reply: ToolbarReply }) {
  const id = useId();
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === action.intent;
  return (
    <Form
      method="post"
      className="max-w-xl rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-title`}
    >
      <input type="hidden" name="intent" value={action.intent} />
      <h2 id={`${id}-title`} className="font-semibold text-slate-900">
        {action.title}
      </h2>
      {action.help && <p className="text-sm text-slate-600">{action.help}</p>}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {action.fields.map((f) => (
          <div key={f.name} className="min-w-0 flex-1 basis-40">
            <label htmlFor={`${id}-${f.name}`} className="block text-sm font-medium text-slate-800">
              {f.label}
            </label>
            {f.kind === "checkbox" ? (
              <input
                id={`${id}-${f.name}`}
                name={f.name}
                type="checkbox"
                defaultChecked={reply?.values[f.name] === "on"}
                className="mt-2 block size-5"
              />
            ) : f.kind === "select" ? (
              <select
                id={`${id}-${f.name}`}
                name={f.name}
                required={f.required}
                defaultValue={String(reply?.values[f.name] ?? f.options[0]?.value ?? "")}
                aria-invalid={reply?.fields[f.name] ? true : undefined}
                aria-describedby={reply?.fields[f.name] ? `${id}-${f.name}-error` : undefined}
                className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
              >
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-${f.name}`}
                name={f.name}
                type={f.kind === "email" || f.kind === "password" ? f.kind : "text"}
                defaultValue={f.kind === "password" ? undefined : String(reply?.values[f.name] ?? "")}
                aria-invalid={reply?.fields[f.name] ? true : undefined}
                aria-describedby={reply?.fields[f.name] ? `${id}-${f.name}-error` : undefined}
                required={f.required}
                maxLength={f.maxLength ?? undefined}
                autoComplete={f.kind === "password" ? "new-password" : "off"}
                className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm"
              />
            )}
            {reply?.fields[f.name] && (
              <p id={`${id}-${f.name}-error`} className="mt-1 text-sm text-red-800">
                {reply.fields[f.name].join(" ")}
              </p>
            )}
          </div>
        ))}
        <Button type="submit" disabled={busy}>
          {action.button}
        </Button>
      </div>
    </Form>
  );
}
