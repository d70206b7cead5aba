import { centsToInput, parseMoney } from "~/lib/money";
import { formatPrice } from "~/lib/format";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { type Action, defineAbilityFor, type Viewer } from "~/auth/abilities";
import type { Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { idParam, searchText, toDbId } from "~/lib/fields";
import { webpFitted } from "~/lib/images.server";
import { mediaLibraryKeyOf } from "~/lib/media-url";
import { removeStoredFiles } from "~/lib/storage.server";
import { plainTextToRichText, richTextPlainText, sanitizeRichText } from "~/lib/rich-text.server";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { ADMIN_NAV_GROUPS } from "~/components/shell/admin-nav";
import { toCsv } from "./csv";
import { type ImportRecord, importersOf } from "./importers";
import { checkDeclaration, checkRegistry } from "./resource-checks";
import { constrainedField } from "./resource-constraints";
import type {
  AnyPgColumn,
  ListDefaults,
  ResourceColumn,
  ResourceDeclaration,
  ResourceField,
  ResourceFilter,
  ResourceRowAction,
} from "./resource";
import { isUploadField } from "./resource";
import {
  columnKey,
  conditionOf,
  countBy,
  orderOf,
  deleteRecords,
  insertRecord,
  nextPosition,
  selectAll,
  selectDetailRow,
  selectListRow,
  selectNeighbour,
  selectIdByColumns,
  selectOptions,
  selectPage,
  selectByColumnValues,
  selectRecord,
  updateRecord,
} from "./resource-engine.queries.server";
import { resourcePaths, resourcePatterns } from "./resource-paths";
import type {
  FormFieldView,
  ImportReport,
  ListFilterView,
  ListRowView,
  ResourceFormView,
  ResourceListState as ListState,
  ResourceListView,
  ResourceMeta,
} from "./resource-view";
import { RESOURCES, type RegistryEntry } from "./resources.registry";
import {
  describeRelationsChange,
  readRelations,
  relationLabels,
  relationsValue,
  writeRelations,
} from "./resource-relations.server";
import {
  datetimeCsvCell,
  datetimeFormValue,
  datetimeOrderErrors,
  datetimeShown,
  datetimeValue,
} from "./resource-datetime";
import { queueSchedule } from "./resource-schedule.server";
import {
  isNested,
  moveAmongSiblings,
  parentField,
  parentOptions,
  placeOf,
  placeRow,
  refuseDeleteOfParents,
  renumber,
  treeOrder,
} from "./resource-nesting.server";
import { codeRowOf, codeRowsPage, merged, selectCodeRow, writeCodeRow } from "./resource-code-rows.server";
import { keepRevision, revisionOf, revisionsView } from "./resource-revisions.server";
import { myRowsPerPage } from "~/modules/settings/tweaks.server";

type Deps = Pick<Services, "db">;
type WriteDeps = Pick<Services, "db" | "storage"> & { jobs?: Pick<Services["jobs"], "send"> };

export type ResolvedResource = { entry: RegistryEntry; decl: ResourceDeclaration };

export const PAGE_SIZES = [10, 25, 50, 100];
const MAX_IMPORT_ROWS = 5000;
const MAX_BULK = 200;

/** The registered resource whose route matched (React Router's `pattern` of the request). */
export async function resolveResource(rawPattern: string): Promise<ResolvedResource> {
  // React Router joins the matched routes' paths: "admin/brokers/:id/edit" (no leading slash).
  const pattern = `/${rawPattern.replace(/^\/+|\/+$/g, "")}`;
  for (const entry of RESOURCES) {
    const p = resourcePatterns(entry);
    if (Object.values(p).includes(pattern)) return { entry, decl: checked(entry, (await entry.load()).default) };
  }
  throw new AppError("NOT_FOUND", "There is no such admin screen.");
}

const CHECKED = new WeakMap<ResourceDeclaration, ResourceDeclaration>();
let registryChecked = false;

/** A loaded declaration, checked once per process (decision 0066): a bad one is an error naming it, never a guess. */
function checked(entry: RegistryEntry, decl: ResourceDeclaration) {
  if (!registryChecked) {
    checkRegistry(RESOURCES);
    registryChecked = true;
  }
  let ready = CHECKED.get(decl);
  if (!ready) {
    checkDeclaration(entry, decl, { navGroups: ADMIN_NAV_GROUPS });
    // The form's required, lengths and ranges come from the schema (declared once, there).
    ready = { ...decl, fields: decl.fields.map((f) => constrainedField(decl, f)) };
    CHECKED.set(decl, ready);
  }
  return ready;
}

// ---------------------------------------------------------------------------------------------------------------
// Permissions

function can(actor: Viewer, action: Action, r: ResolvedResource) {
  // An administrator signed in as someone else acts as that person: the impersonated role never has these rights.
  return defineAbilityFor(actor).can(action, r.entry.subject as never);
}

function requireCan(actor: Viewer, action: Action, r: ResolvedResource) {
  if (!can(actor, action, r)) {
    throw new AppError("FORBIDDEN", `You do not have permission to ${verb(action)} ${plural(r.decl)}.`);
  }
}

const verb = (a: Action) => (a === "read" ? "see" : a === "create" ? "add" : a === "delete" ? "delete" : "change");
const plural = (decl: ResourceDeclaration) => decl.title.toLowerCase();

function requireOperation(decl: ResourceDeclaration, op: ResourceDeclaration["operations"][number]) {
  // A page or change the list does not offer does not exist (404), like any unknown address.
  if (!decl.operations.includes(op)) throw new AppError("NOT_FOUND", "That is not available on this list.");
}

export function metaOf(r: ResolvedResource, actor: Viewer): ResourceMeta {
  const { entry, decl } = r;
  const ops = new Set(decl.operations);
  const paths = resourcePaths(entry.path);
  return {
    id: entry.id,
    noun: decl.noun,
    title: decl.title,
    description: decl.description,
    paths: { list: paths.list, create: paths.create, import: paths.import, export: paths.export },
    can: {
      create: ops.has("create") && can(actor, "create", r),
      update: ops.has("update") && can(actor, "update", r),
      delete: ops.has("delete") && can(actor, "delete", r),
      import: ops.has("import") && can(actor, "create", r) && can(actor, "update", r),
      export: ops.has("export") && can(actor, "read", r),
      order: ops.has("order") && !!decl.orderColumn && can(actor, "update", r),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// List

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RELATION_ID = /^[\w-]{1,64}$/;

/** A filter value as the query string or the saved defaults give it, or null when it is not one the filter takes. */
function filterValue(filter: ResourceFilter, v: string): string | null {
  if (filter.kind === "boolean") return v === "yes" || v === "no" ? v : null;
  if (filter.kind === "select") return filter.options.some((o) => o.value === v) ? v : null;
  // A related row's id: within int4 when the column is a number (99999999999 is no row, not a database error).
  if (filter.kind === "relation") {
    if (filter.relation.value.dataType === "number") return toDbId(v) === null ? null : v;
    return RELATION_ID.test(v) ? v : null;
  }
  return DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : null;
}

/**
 * Reads the list's query string over the saved defaults; never fails (an unknown value falls back to the default).
 * A filter named in the query string with no value (`f.status=`) means "all", whatever the default.
 */
export function readListState(
  decl: ResourceDeclaration,
  params: URLSearchParams,
  defaults: ListDefaults = {},
): ListState {
  params = withAliases(decl, params);
  const sortable = decl.columns.filter((c) => c.sortable).map((c) => c.key);
  const base = defaults.sort && sortable.includes(defaults.sort.key) ? defaults.sort : decl.defaultSort;
  const rawSort = params.get("sort") ?? "";
  const sort = sortable.includes(rawSort) ? rawSort : base.key;
  const rawDir = params.get("dir");
  const dir = sort === rawSort && (rawDir === "asc" || rawDir === "desc") ? rawDir : base.dir;
  const pageRaw = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) >= 1 ? Number(pageRaw) : 1;
  const per = Number(params.get("perPage"));
  const perPage = PAGE_SIZES.includes(per)
    ? per
    : defaults.perPage && PAGE_SIZES.includes(defaults.perPage)
      ? defaults.perPage
      : (decl.pageSize ?? 25);
  const optional = decl.columns.filter((c) => c.optional).map((c) => c.key);
  const shown = (params.get("cog") ? params.getAll("show") : (defaults.shown ?? [])).filter((k) =>
    optional.includes(k),
  );
  const filters: Record<string, string> = {};
  for (const c of decl.columns) {
    if (!c.filter) continue;
    const keys = c.filter.kind === "date" ? [`${c.key}.from`, `${c.key}.to`] : [c.key];
    for (const key of keys) {
      const v = params.has(`f.${key}`) ? params.get(`f.${key}`) : (defaults.filters?.[key] ?? null);
      const ok = v ? filterValue(c.filter, v) : null;
      if (ok) filters[key] = ok;
    }
  }
  return { q: searchText(params.get("q")), sort, dir, page, perPage, shown, filters };
}

/** The query string with the declaration's older names (`queryAliases`) read as the engine's own. */
function withAliases(decl: ResourceDeclaration, params: URLSearchParams): URLSearchParams {
  const aliases = Object.entries(decl.queryAliases ?? {}).filter(([old, own]) => params.has(old) && !params.has(own));
  if (!aliases.length) return params;
  const out = new URLSearchParams(params);
  for (const [old, own] of aliases) for (const v of params.getAll(old)) out.append(own, v);
  return out;
}

/** One page of a resource's list, for its screen. */
export async function listResource(
  deps: Deps,
  args: { actor: Viewer; input: { resource: ResolvedResource; params: URLSearchParams } },
): Promise<ResourceListView> {
  const { decl } = args.input.resource;
  requireCan(args.actor, "read", args.input.resource);
  const state = readListState(decl, args.input.params, await defaultsOf(deps, decl, args.actor));
  const tree = isNested(decl) && state.sort === decl.defaultSort.key;
  const result = decl.codeRows
    ? await codeRowsPage(deps.db, decl, state)
    : tree
      ? await nestedPage(deps, decl, conditionOf(decl, state), orderOf(decl, state))
      : await selectPage(deps.db, decl, {
          where: conditionOf(decl, state),
          order: orderOf(decl, state),
          page: state.page,
          pageSize: state.perPage,
        });
  if (decl.computed) await decl.computed(result.rows, { db: deps.db as unknown as Tx });
  const meta = metaOf(args.input.resource, args.actor);
  const more = decl.describe ? await decl.describe({ db: deps.db as unknown as Tx }) : null;
  if (more) meta.description = `${meta.description} ${more}`;
  const rows: ListRowView[] = result.rows.map((r) => ({
    id: String(r.__id),
    title: decl.titleOf(r),
    cells: Object.fromEntries(decl.columns.map((c) => [c.key, cellValue(htmlShown(c.format, r[c.key], false))])),
    links: Object.fromEntries(
      decl.columns.flatMap((c) => {
        const to = c.href?.(r);
        return to ? [[c.key, to]] : [];
      }),
    ),
    actions: (decl.rowActions ?? [])
      .filter((a) => a.placement !== "page")
      .filter((a) => offered(a, r, args.actor) && can(args.actor, a.ability ?? "update", args.input.resource))
      .map((a) => ({
        intent: a.intent,
        label: a.label,
        accessibleLabel: a.accessibleLabel ? a.accessibleLabel(r) : `${a.label} ${decl.titleOf(r)}`,
        fields: (a.fields ?? []).map((f) => fieldView(f, f.options ?? [], false)),
        confirm: a.confirm ? a.confirm(r) : null,
        values: Object.fromEntries((a.fields ?? []).map((f) => [f.name, formValue(f, r[f.name])])),
        postTo: a.postTo ? a.postTo(r) : null,
      })),
    notes: (decl.rowActions ?? [])
      .filter((a) => a.otherwise && !offered(a, r, args.actor))
      .map((a) => a.otherwise as string),
    ...(r.__tree ? { tree: r.__tree as ListRowView["tree"] } : {}),
  }));
  return {
    meta,
    caption: decl.caption ?? decl.title,
    searchLabel: decl.searchLabel ?? `Search ${decl.title.toLowerCase()}`,
    emptyText: decl.emptyText ?? `No ${decl.title.toLowerCase()} yet.`,
    columns: decl.columns.map((c) => ({
      key: c.key,
      label: c.label,
      format: c.format ?? "text",
      sortable: !!c.sortable,
      primary: !!c.primary,
      wrap: !!c.wrap,
      priority: c.priority ?? null,
      optional: !!c.optional,
      detail: c.detail ?? null,
      booleanLabels: c.booleanLabels ?? null,
      sortFirst: c.sortFirst ?? (c.format === "date" || c.format === "datetime" ? "desc" : "asc"),
      hidden: !!c.hidden,
    })),
    shown: state.shown,
    filters: await filterViews(deps, decl, state),
    settingsLink: decl.settingsLink ?? null,
    searchable: decl.columns.some((c) => c.searchable),
    rows,
    q: state.q,
    sort: { column: state.sort, dir: state.dir },
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    perPage: state.perPage,
    pageSizes: PAGE_SIZES,
    ordered: meta.can.order && state.sort === decl.defaultSort.key,
    nested: tree,
    toolbar: (decl.toolbarActions ?? [])
      .filter((a) => can(args.actor, a.ability ?? "update", args.input.resource))
      .map((a) => ({
        intent: a.intent,
        title: a.title,
        button: a.button,
        help: a.help ?? null,
        fields: a.fields.map((f) => fieldView(f, f.options ?? [], false)),
      })),
    hasDetail: !!decl.detail,
  };
}

/**
 * A nested list (decision 0065) on one page: the rows under the search and filters in tree order, each with its
 * level, its parent's name and its place among its siblings (the whole tree decides, so a search keeps the levels).
 */
async function nestedPage(
  deps: Deps,
  decl: ResourceDeclaration,
  where: ReturnType<typeof conditionOf>,
  order: ReturnType<typeof orderOf>,
) {
  const rows = await selectAll(deps.db, decl, where, order);
  const all = await selectAll(deps.db, decl, conditionOf(decl, { q: "", filters: {} }), order);
  const titles = new Map(all.map((r) => [String(r.__id), decl.titleOf(r)]));
  const byId = new Map(rows.map((r) => [String(r.__id), r]));
  const nodes = all.map((r) => ({
    id: r.__id as string | number,
    parent: (r.__parent ?? null) as string | number | null,
    group: (r.__group ?? null) as string | number | null,
    position: Number(r.__position ?? 0),
  }));
  const ordered: Record<string, unknown>[] = [];
  for (const t of treeOrder(decl, nodes)) {
    const row = byId.get(String(t.node.id));
    if (!row) continue;
    row.__tree = {
      level: t.level,
      parentTitle: t.parentId === null ? null : (titles.get(String(t.parentId)) ?? null),
      first: t.first,
      last: t.last,
    };
    ordered.push(row);
  }
  return { rows: ordered, total: ordered.length, page: 1, pageCount: 1 };
}

/** The list's saved defaults, with the actor's own rows a page (/admin/tweaks "My settings", decision 0093) over them. */
async function defaultsOf(deps: Deps, decl: ResourceDeclaration, actor: Viewer): Promise<ListDefaults> {
  const saved = decl.listDefaults ? await decl.listDefaults({ db: deps.db as unknown as Tx }) : {};
  const mine = await myRowsPerPage(deps.db, actor.id);
  return mine ? { ...saved, perPage: mine } : saved;
}

/** The filters above the list: their options (a relation's rows), current values, and a tab filter's counts. */
async function filterViews(deps: Deps, decl: ResourceDeclaration, state: ListState): Promise<ListFilterView[]> {
  const views: ListFilterView[] = [];
  for (const c of decl.columns) {
    const f = c.filter;
    if (!f) continue;
    const view: ListFilterView = {
      key: c.key,
      label: c.label,
      kind: f.kind === "date" ? "date" : "select",
      value: state.filters[c.key] ?? "",
      from: state.filters[`${c.key}.from`] ?? "",
      to: state.filters[`${c.key}.to`] ?? "",
      options: [],
      tabs: null,
    };
    if (f.kind === "boolean") {
      view.options = [
        { value: "yes", label: f.yes },
        { value: "no", label: f.no },
      ];
    } else if (f.kind === "select") {
      view.options = f.options;
      if (f.tabs) {
        const others = Object.fromEntries(Object.entries(state.filters).filter(([k]) => k !== c.key));
        const counts = await countBy(
          deps.db,
          decl,
          f.match ?? c.value,
          conditionOf(decl, { q: state.q, filters: others }),
        );
        view.tabs = {
          all: Object.values(counts).reduce((a, b) => a + b, 0),
          counts: Object.fromEntries(f.options.map((o) => [o.value, counts[o.value] ?? 0])),
        };
      }
    } else if (f.kind === "relation") {
      view.options = await selectOptions(deps.db, f.relation);
    }
    views.push(view);
  }
  return views;
}

/** Whether a row offers a row action (its `when`: a selected column, or a test of the row and the viewer). */
function offered(a: ResourceRowAction, row: Record<string, unknown>, actor: Viewer) {
  if (!a.when) return true;
  return typeof a.when === "function" ? a.when(row, { actor }) : Boolean(row[a.when]);
}

/** A rich text ("html") column: its text in the list, its allow-listed HTML on a row's page (decision 0028). */
function htmlShown(format: ResourceColumn["format"], v: unknown, whole: boolean): unknown {
  if (format !== "html" || typeof v !== "string") return v;
  return whole ? sanitizeRichText(v) : richTextPlainText(v);
}

function cellValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "string") return v;
  if (Array.isArray(v)) return v.join(", ");
  return String(v);
}

// ---------------------------------------------------------------------------------------------------------------
// Form

/** The create form (no id) or the edit form of one row. */
export async function getResourceForm(
  deps: Deps,
  args: { actor: Viewer; input: { resource: ResolvedResource; id: string | null } },
): Promise<ResourceFormView> {
  const { decl } = args.input.resource;
  const mode = args.input.id === null ? "create" : "edit";
  requireOperation(decl, mode === "create" ? "create" : "update");
  requireCan(args.actor, mode === "create" ? "create" : "update", args.input.resource);
  let record: Record<string, unknown> | null = null;
  if (args.input.id !== null) {
    const id = parseId(decl, args.input.id);
    record = decl.codeRows ? await selectCodeRow(deps.db, decl, id) : await selectRecord(deps.db, decl, id);
    if (!record) throw new AppError("NOT_FOUND", `There is no such ${decl.noun}.`);
    Object.assign(record, await readRelations(deps.db, decl, parseId(decl, args.input.id)));
  }
  const fields: FormFieldView[] = [];
  const parent = isNested(decl) ? parentField(decl) : undefined;
  for (const f of decl.fields) {
    if (f.editOnly && mode === "create") continue;
    fields.push(
      fieldView(
        f,
        f === parent
          ? await parentChoices(deps, decl, record ? parseId(decl, args.input.id as string) : null)
          : f.relation
            ? await selectOptions(deps.db, f.relation)
            : (f.options ?? []),
        mode === "edit" && !!f.readOnlyOnEdit,
      ),
    );
  }
  const values: ResourceFormView["values"] = {};
  for (const f of decl.fields) values[f.name] = record ? formValue(f, record[storedKey(decl, f)]) : (f.default ?? null);
  return {
    meta: metaOf(args.input.resource, args.actor),
    mode,
    recordId: args.input.id,
    recordTitle: record ? decl.titleOf(record) : null,
    fields,
    values,
    aside: record && decl.formAside ? decl.formAside(record) : null,
  };
}

/** A nested resource's parent field: the rows that may take this one as a child, named by their titles. */
async function parentChoices(deps: Deps, decl: ResourceDeclaration, id: string | number | null) {
  const all = await selectAll(deps.db, decl, conditionOf(decl, { q: "", filters: {} }), []);
  const titles = new Map(all.map((r) => [String(r.__id), decl.titleOf(r)]));
  return parentOptions(deps.db as unknown as Tx, decl, id, titles);
}

function fieldView(f: ResourceField, options: FormFieldView["options"], readOnly: boolean): FormFieldView {
  return {
    name: f.name,
    label: f.label,
    kind: f.kind,
    help: f.help ?? null,
    required: !!f.required,
    maxLength: f.maxLength ?? null,
    min: f.min ?? null,
    max: f.max ?? null,
    options: options.length ? options : (f.options ?? []),
    readOnly,
    ...(f.rows ? { rows: f.rows } : {}),
    ...(f.step !== undefined ? { step: f.step } : {}),
    ...(f.kind === "image" && !f.upload ? { fromLibrary: true } : {}),
    ...(f.accept ? { accept: f.accept } : {}),
  };
}

function formValue(f: ResourceField, v: unknown): string | string[] | boolean | null {
  if (v === null || v === undefined) return f.kind === "checkbox" ? false : null;
  if (f.kind === "password") return null;
  if (f.kind === "checkbox") return Boolean(v);
  if (f.kind === "money") return centsToInput(Number(v));
  if (f.kind === "date") return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
  if (f.kind === "multiselect" || f.kind === "relations") return Array.isArray(v) ? v.map(String) : [];
  if (f.kind === "datetime") return datetimeFormValue(v);
  // Plain text stored before the field was rich text opens as paragraphs (decision 0067).
  if (f.kind === "richtext") return sanitizeRichText(plainTextToRichText(String(v)));
  return String(v);
}

/** The table property a field is stored under. */
function storedKey(decl: ResourceDeclaration, f: ResourceField) {
  return f.column ? columnKey(decl.table, f.column) : f.name;
}

function parseId(decl: ResourceDeclaration, raw: string): string | number {
  const numeric = decl.id.dataType === "number";
  if (numeric) return idParam(raw, `There is no such ${decl.noun}.`);
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(raw)) throw new AppError("NOT_FOUND", `There is no such ${decl.noun}.`);
  return raw;
}

// ---------------------------------------------------------------------------------------------------------------
// Values: form or CSV text -> what the schema parses

/** A control character other than tab and line breaks (never typed by a person; refused in every text field). */
function hasControlCharacter(v: string) {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}

/**
 * Turns the raw value of each field (a form's strings, a CSV cell) into the value its schema parses. Problems
 * that are not the schema's to judge (a control character, money that is not an amount) are returned as errors.
 */
export function normalizeValues(
  decl: ResourceDeclaration,
  raw: Record<string, unknown>,
  opts: { mode: "create" | "edit"; fields?: ResourceField[] },
): { values: Record<string, unknown>; errors: Record<string, string[]> } {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const f of opts.fields ?? decl.fields) {
    if (isUploadField(f)) continue; // stored separately (uploads)
    if (opts.mode === "edit" && f.readOnlyOnEdit) continue;
    if (opts.mode === "create" && f.editOnly) continue;
    const v = raw[f.name];
    const text = typeof v === "string" ? v.trim() : "";
    if (typeof v === "string" && hasControlCharacter(v)) {
      errors[f.name] = [`${f.label} contains characters that are not allowed.`];
      continue;
    }
    switch (f.kind) {
      case "password":
        if (typeof v === "string" && v !== "") values[f.name] = v;
        break;
      case "checkbox":
        values[f.name] = ["on", "true", "1", "yes"].includes(text.toLowerCase());
        break;
      case "multiselect":
        values[f.name] = (Array.isArray(v) ? v : typeof v === "string" && v ? v.split(/\s*[,;]\s*/) : []).filter(
          (x): x is string => typeof x === "string" && x !== "",
        );
        break;
      case "relations":
        values[f.name] = relationsValue(v);
        break;
      case "datetime": {
        const r = datetimeValue(f, text);
        if ("error" in r) errors[f.name] = [r.error];
        else values[f.name] = r.value;
        break;
      }
      case "number":
        values[f.name] = text === "" ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
        break;
      case "relation":
        values[f.name] = text === "" ? null : /^\d{1,10}$/.test(text) ? Number(text) : text;
        break;
      case "richtext": {
        // Only the allow-listed HTML is ever checked or stored (decision 0028); an editor left empty is empty.
        const clean = sanitizeRichText(text);
        values[f.name] = clean === "" ? (f.required ? "" : null) : clean;
        break;
      }
      case "money": {
        if (text === "") {
          values[f.name] = null;
          break;
        }
        const cents = parseMoney(text);
        if (cents === null) errors[f.name] = [`${f.label} must be an amount in dollars, like 1250 or 1,250.00.`];
        else values[f.name] = cents;
        break;
      }
      default:
        values[f.name] = text === "" ? (f.required ? "" : null) : text;
    }
  }
  // "Ends" later than "Starts" (a datetime field's `after`), where both were sent.
  for (const [k, m] of Object.entries(datetimeOrderErrors(decl, values))) errors[k] ??= m;
  return { values, errors };
}

/** The schema of a form: fields the form does not write (fixed on edit, images) are not asked for. */
function formSchema(decl: ResourceDeclaration, mode: "create" | "edit") {
  const skipped = decl.fields
    .filter((f) => isUploadField(f) || (mode === "edit" ? f.readOnlyOnEdit : f.editOnly))
    .map((f) => f.name)
    .filter((n) => n in decl.schema.shape);
  return skipped.length ? decl.schema.omit(Object.fromEntries(skipped.map((n) => [n, true]))) : decl.schema;
}

function parseValues(
  decl: ResourceDeclaration,
  values: Record<string, unknown>,
  pre: Record<string, string[]>,
  mode: "create" | "edit" = "create",
) {
  const parsed = formSchema(decl, mode).safeParse(values);
  const errors: Record<string, string[]> = { ...pre };
  if (!parsed.success) {
    for (const issue of (parsed.error as z.ZodError).issues) {
      const key = String(issue.path[0] ?? "");
      // A value already refused before the schema (not an amount) has its one message, not a second one.
      if (key in pre) continue;
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
  }
  return { data: parsed.success ? (parsed.data as Record<string, unknown>) : null, errors };
}

function badInput(decl: ResourceDeclaration, errors: Record<string, string[]>): AppError {
  const keys = Object.keys(errors);
  const first = errors[keys[0]]?.[0];
  const label = decl.fields.find((f) => f.name === keys[0])?.label;
  return new AppError(
    "BAD_INPUT",
    keys.length === 1 && first ? first : `Please correct the highlighted fields${label ? ` (${label}, ...)` : ""}.`,
    errors,
  );
}

/** Parsed values as the table's columns (by property name). */
async function columnsOf(
  decl: ResourceDeclaration,
  data: Record<string, unknown>,
  ctx: { tx: Tx; existing: Record<string, unknown> | null; actor?: Viewer },
) {
  const out: Record<string, unknown> = {};
  for (const f of decl.fields) {
    if (!(f.name in data) || f.kind === "relations") continue;
    const v = data[f.name];
    // Rich text is sanitized again as the last step before the write, whatever the schema made of it.
    out[storedKey(decl, f)] = f.kind === "richtext" && typeof v === "string" ? sanitizeRichText(v) : v;
  }
  return decl.prepare ? decl.prepare(out, { ...ctx, values: data }) : out;
}

/**
 * The fields whose stored value changes: their names, and their labels for the journal and the toast (a short value
 * as "Annual dues per point ($8.24 → $8.25)"; text only by its label).
 */
function changedFields(
  decl: ResourceDeclaration,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  const names: string[] = [];
  const labels: string[] = [];
  for (const f of decl.fields) {
    const key = storedKey(decl, f);
    if (!(key in after)) continue;
    if (before && sameValue(before[key], after[key])) continue;
    names.push(f.name);
    labels.push(
      before && SHOWN_VALUE_KINDS.has(f.kind)
        ? `${f.label} (${shown(f, before[key])} → ${shown(f, after[key])})`
        : f.label,
    );
  }
  return { names, labels };
}

const SHOWN_VALUE_KINDS = new Set<ResourceField["kind"]>(["money", "number", "date", "datetime"]);

function shown(f: ResourceField, v: unknown) {
  if (v === null || v === undefined || v === "") return "none";
  if (f.kind === "money") return formatPrice(Number(v));
  if (f.kind === "date") return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
  if (f.kind === "datetime") return datetimeShown(v);
  return String(v);
}

function sameValue(a: unknown, b: unknown) {
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : JSON.stringify(v));
  return norm(a) === norm(b);
}

// ---------------------------------------------------------------------------------------------------------------
// Writes

function quoted(title: string) {
  return `“${title}”`;
}

function capital(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Creates a row (no id) or saves one: checked, one transaction, journaled with the changed fields' labels. */
export async function saveResource(
  deps: WriteDeps,
  args: {
    actor: Viewer;
    input: {
      resource: ResolvedResource;
      id: string | null;
      body: Record<string, unknown>;
      /** A save that puts back a kept version (decision 0069): journaled as "Restored ... to version N". */
      restoredFrom?: number;
    };
  },
): Promise<{ message: string; id: string }> {
  const { decl, entry } = args.input.resource;
  const mode = args.input.id === null ? "create" : "edit";
  requireOperation(decl, mode === "create" ? "create" : "update");
  requireCan(args.actor, mode === "create" ? "create" : "update", args.input.resource);
  const { values, errors: pre } = normalizeValues(decl, args.input.body, { mode });
  const { data, errors } = parseValues(decl, values, pre, mode);
  if (!data || Object.keys(errors).length) throw badInput(decl, errors);
  const images = await prepareImages(deps, decl, args.input.body, { actor: args.actor, mode });

  const result = await writeTx(deps, decl, async (tx) => {
    const id = args.input.id === null ? null : parseId(decl, args.input.id);
    const stored = id === null ? null : await selectRecord(tx, decl, id, { forUpdate: true });
    // A code row (decision 0069) exists without a stored row: its defaults, with the stored override over them.
    const code = decl.codeRows && id !== null ? codeRowOf(decl, id) : undefined;
    const existing = code ? merged(decl, code, stored) : decl.codeRows ? null : stored;
    if (id !== null && !existing) throw new AppError("NOT_FOUND", `There is no such ${decl.noun}.`);
    const problems = decl.validate?.(data, { id, row: existing }) ?? {};
    if (Object.keys(problems).length) {
      const first = Object.values(problems)[0]?.[0] ?? "Please correct the highlighted fields.";
      throw new AppError("UNPROCESSABLE", first, problems);
    }
    const cols = { ...(await columnsOf(decl, data, { tx, existing, actor: args.actor })), ...images };
    // A nested resource (decision 0065): the parent is checked and the row takes the end of its new place.
    const placed = isNested(decl) ? await placeRow(tx, decl, { id, existing, cols }) : null;
    if (placed) cols[columnKey(decl.table, decl.orderColumn as AnyPgColumn)] = placed.position;
    if (existing && id !== null) {
      // An "Ends" must stay later than a "Starts" the form did not send.
      const order = datetimeOrderErrors(decl, data, existing);
      if (Object.keys(order).length) throw badInput(decl, order);
      const { names, labels } = changedFields(decl, existing, cols);
      // Many-to-many links (decision 0068): written here, in the row's transaction; refused ids write nothing.
      const links = await writeRelations(tx, decl, id, data, false);
      names.push(...links.map((c) => c.name));
      labels.push(...links.map(describeRelationsChange));
      const title = decl.titleOf({ ...existing, ...cols });
      if (names.length === 0) {
        return { id: String(id), changed: names, message: `No change to ${decl.noun} ${quoted(title)}.` };
      }
      // Revisions (decision 0069): the values this save replaces are kept (a code row's default is not a version).
      const version =
        decl.revisions && stored
          ? await keepRevision(tx, { resource: entry.id, decl, id, row: existing, actor: args.actor })
          : null;
      if (decl.codeRows) await writeCodeRow(tx, decl, id, cols, stored);
      else await updateRecord(tx, decl, id, cols);
      if (placed?.from) await renumber(tx, decl, placed.from);
      const restored = args.input.restoredFrom;
      await journal(
        tx,
        args.actor,
        entry,
        restored ? "restore-version" : "update",
        restored
          ? `Restored ${decl.noun} ${quoted(title)} to version ${restored}: ${labels.join(", ")}.`
          : `Changed ${decl.noun} ${quoted(title)}: ${labels.join(", ")}.`,
        {
          id,
          changed: labels,
          ...(version ? { keptVersion: version } : {}),
          ...(restored ? { restoredFrom: restored } : {}),
          ...relationsBeforeAfter(links),
        },
      );
      if (restored) {
        return {
          id: String(id),
          changed: names,
          message: `${capital(decl.noun)} ${quoted(title)} restored to version ${restored}: ${labels.join(", ")}.`,
        };
      }
      return {
        id: String(id),
        changed: names,
        message: `${capital(decl.noun)} ${quoted(title)} saved: ${labels.join(", ")}.`,
      };
    }
    if (decl.orderColumn)
      cols[columnKey(decl.table, decl.orderColumn)] ??= await nextPosition(tx, decl, decl.orderColumn);
    const row = await insertRecord(tx, decl.table, cols);
    const newId = row[columnKey(decl.table, decl.id)];
    const links = await writeRelations(tx, decl, newId as string | number, data, true);
    const title = decl.titleOf(row);
    await journal(tx, args.actor, entry, "create", `Created ${decl.noun} ${quoted(title)}.`, {
      id: newId,
      ...relationsBeforeAfter(links),
    });
    return { id: String(newId), changed: "all" as const, message: `${capital(decl.noun)} ${quoted(title)} created.` };
  });
  if (result.changed !== "all" && result.changed.length === 0) return { id: result.id, message: result.message };
  // A scheduled resource (decision 0068): a job for each step of the saved row's schedule, after the commit.
  await queueSchedule(deps, entry, decl, parseId(decl, result.id));
  const more = await decl.afterWrite?.({ services: deps, changed: result.changed });
  return { id: result.id, message: more ? `${result.message} ${more}` : result.message };
}

/** A journal entry's record of many-to-many links: the linked rows' names before and after, by field. */
function relationsBeforeAfter(links: { name: string; before: string[]; after: string[] }[]) {
  if (!links.length) return {};
  return {
    before: Object.fromEntries(links.map((c) => [c.name, c.before])),
    after: Object.fromEntries(links.map((c) => [c.name, c.after])),
  };
}

/** Deletes rows (soft where the table has `deleted_at`), one transaction, one journal entry. */
export async function deleteResource(
  deps: WriteDeps,
  args: { actor: Viewer; input: { resource: ResolvedResource; ids: string[] } },
): Promise<{ message: string }> {
  const { decl, entry } = args.input.resource;
  requireOperation(decl, "delete");
  requireCan(args.actor, "delete", args.input.resource);
  const ids = [...new Set(args.input.ids)];
  if (ids.length === 0) throw new AppError("BAD_INPUT", `Choose at least one ${decl.noun} to delete.`);
  if (ids.length > MAX_BULK) throw new AppError("BAD_INPUT", `Delete at most ${MAX_BULK} at a time.`);
  const parsed = ids.map((id) => parseId(decl, id));
  const files: string[] = [];
  const result = await writeTx(deps, decl, async (tx) => {
    const titles: string[] = [];
    const places: ReturnType<typeof placeOf>[] = [];
    for (const id of parsed) {
      const row = await selectRecord(tx, decl, id, { forUpdate: true });
      if (!row) throw new AppError("NOT_FOUND", `There is no such ${decl.noun} (it may have been deleted already).`);
      titles.push(decl.titleOf(row));
      await decl.beforeDelete?.(row, { tx });
      files.push(...(decl.storedFiles?.(row) ?? []));
      if (isNested(decl)) places.push(placeOf(decl, row));
    }
    if (isNested(decl)) await refuseDeleteOfParents(tx, decl, parsed, (id) => titles[parsed.indexOf(id)] ?? String(id));
    await deleteRecords(tx, decl, parsed);
    for (const place of places) await renumber(tx, decl, place);
    const what = titles.length === 1 ? `${decl.noun} ${quoted(titles[0])}` : `${titles.length} ${plural(decl)}`;
    await journal(
      tx,
      args.actor,
      entry,
      "delete",
      `Deleted ${what}${titles.length > 1 ? `: ${titles.join(", ")}` : ""}.`,
      {
        ids: parsed,
      },
    );
    return { message: `${capital(what)} deleted.` };
  });
  // Only once the rows are gone: a refused delete keeps its files.
  await removeStoredFiles(deps.storage, files);
  return withAfterWrite(deps, decl, result);
}

/** Moves a row one place up or down in a manually ordered list (a swap, in one transaction). */
export async function moveResource(
  deps: WriteDeps,
  args: { actor: Viewer; input: { resource: ResolvedResource; id: string; direction: "up" | "down" } },
): Promise<{ message: string }> {
  const { decl, entry } = args.input.resource;
  requireOperation(decl, "order");
  requireCan(args.actor, "update", args.input.resource);
  const col = decl.orderColumn as AnyPgColumn;
  const key = columnKey(decl.table, col);
  const id = parseId(decl, args.input.id);
  return writeTx(deps, decl, async (tx) => {
    const row = await selectRecord(tx, decl, id, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND", `There is no such ${decl.noun}.`);
    const title = decl.titleOf(row);
    if (isNested(decl)) {
      // Among its siblings (same group and parent), renumbered 1..n in this transaction (decision 0065).
      if (!(await moveAmongSiblings(tx, decl, row, id, args.input.direction))) {
        return {
          message: `${capital(decl.noun)} ${quoted(title)} is already ${args.input.direction === "up" ? "first" : "last"}.`,
        };
      }
      await journal(tx, args.actor, entry, "order", `Moved ${decl.noun} ${quoted(title)} ${args.input.direction}.`, {
        id,
      });
      return { message: `${capital(decl.noun)} ${quoted(title)} moved ${args.input.direction}.` };
    }
    const position = Number(row[key]);
    const other = await selectNeighbour(tx, decl, col, position, args.input.direction);
    if (!other) {
      return {
        message: `${capital(decl.noun)} ${quoted(title)} is already ${args.input.direction === "up" ? "first" : "last"}.`,
      };
    }
    await updateRecord(tx, decl, id, { [key]: other.position });
    await updateRecord(tx, decl, other.id, { [key]: position });
    await journal(tx, args.actor, entry, "order", `Moved ${decl.noun} ${quoted(title)} ${args.input.direction}.`, {
      id,
    });
    return { message: `${capital(decl.noun)} ${quoted(title)} moved ${args.input.direction}.` };
  });
}

/** A declared row action (restore, reactivate...), one transaction, journaled. */
export async function runRowAction(
  deps: Services,
  args: {
    actor: Viewer;
    input: { resource: ResolvedResource; intent: string; id: string; body?: Record<string, unknown> };
  },
): Promise<{ message: string }> {
  const { decl, entry } = args.input.resource;
  const action = decl.rowActions?.find((a) => a.intent === args.input.intent);
  // An action posted to a route of its own (`postTo`) is not the list's to run.
  if (!action || action.postTo) throw new AppError("BAD_INPUT", "That action is not available here.");
  requireCan(args.actor, action.ability ?? "update", args.input.resource);
  const id = parseId(decl, args.input.id);
  if (action.confirm && args.input.body?.confirm !== "yes") {
    const row = await listRowOf(deps.db, decl, id);
    if (row && decl.computed) await decl.computed([row], { db: deps.db as unknown as Tx });
    const what = row ? action.confirm(row) : `${action.label} this ${decl.noun}.`;
    throw new AppError("NEEDS_CONFIRMATION", `Confirm first, then try again: ${what}`);
  }
  if (action.service) {
    // The module's service judges a row that left the list meanwhile (e.g. "not active, so it cannot be reposted").
    const row = await listRowOf(deps.db, decl, id);
    const input = fieldInput(decl, action.fields ?? [], args.input.body ?? {});
    const message = await action.service({ services: deps, actor: args.actor, id, row, input });
    return withAfterWrite(deps, decl, { message });
  }
  const run = action.run;
  if (!run) throw new Error(`Row action ${action.intent} has neither run nor service.`);
  const result = await writeTx(deps, decl, async (tx) => {
    const row = await listRowOf(tx, decl, id);
    if (!row) throw new AppError("NOT_FOUND", `There is no such ${decl.noun}.`);
    if (!offered(action, row, args.actor)) {
      throw new AppError("CONFLICT", `That cannot be done to this ${decl.noun} now.`);
    }
    const title = decl.titleOf(row);
    const summary = `${capital(decl.noun)} ${quoted(title)} ${action.done ?? "changed"}.`;
    if (action.keepsRevision && decl.revisions) {
      // The values the action removes stay a version (decision 0069): a code row's, only when it has a stored row.
      const stored = await selectRecord(tx, decl, id, { forUpdate: true });
      const code = decl.codeRows ? codeRowOf(decl, id) : undefined;
      if (stored) {
        const kept = code ? merged(decl, code, stored) : stored;
        await keepRevision(tx, { resource: entry.id, decl, id, row: kept, actor: args.actor });
      }
    }
    await run({ tx, actor: args.actor, id, row });
    await journal(tx, args.actor, entry, action.intent, summary, { id });
    return { message: summary };
  });
  return withAfterWrite(deps, decl, result);
}

/** A toolbar form's action: its fields normalized, then the module's service (which checks and journals). */
export async function runToolbarAction(
  deps: Services,
  args: { actor: Viewer; input: { resource: ResolvedResource; intent: string; body: Record<string, unknown> } },
) {
  const { decl } = args.input.resource;
  const action = decl.toolbarActions?.find((a) => a.intent === args.input.intent);
  if (!action) throw new AppError("BAD_INPUT", "That action is not available here.");
  requireCan(args.actor, action.ability ?? "update", args.input.resource);
  const input = fieldInput(decl, action.fields, args.input.body);
  const answer = await action.service({ services: deps, actor: args.actor, input });
  if (typeof answer === "string") return withAfterWrite(deps, decl, { message: answer });
  // A value shown once: the page stays and shows it (no redirect, no toast that would fade or a cookie that keeps it).
  const done = await withAfterWrite(deps, decl, { message: answer.message });
  return { message: done.message, stay: true, json: { reveal: answer.reveal } };
}

/** The values of an action's own small fields (the module's service parses them with its schema). */
function fieldInput(decl: ResourceDeclaration, fields: ResourceField[], body: Record<string, unknown>) {
  const { values, errors } = normalizeValues(decl, body, { mode: "create", fields });
  if (Object.keys(errors).length) throw badInput(decl, errors);
  return values;
}

/** One row's page: its detail columns (and the declared side effect of opening it). */
export async function getResourceDetail(
  deps: Services,
  args: { actor: Viewer; input: { resource: ResolvedResource; id: string; params?: URLSearchParams } },
) {
  const { decl, entry } = args.input.resource;
  if (!decl.detail) throw new AppError("NOT_FOUND", "This list has no page per row.");
  requireCan(args.actor, "read", args.input.resource);
  const id = parseId(decl, args.input.id);
  await decl.detail.onView?.({ services: deps, actor: args.actor, id });
  // Read after the side effect of opening it (a message just marked read offers "Mark as unread").
  const row = decl.codeRows
    ? await selectCodeRow(deps.db, decl, id)
    : await selectDetailRow(deps.db, decl, decl.detail.columns, id);
  if (!row) throw new AppError("NOT_FOUND", `There is no such ${decl.noun}.`);
  // Computed values (a live count) on the row's page too, so its columns and its actions' confirmations show them.
  if (decl.computed) await decl.computed([row], { db: deps.db as unknown as Tx });
  const sections = decl.detail.sections
    ? await decl.detail.sections({ services: deps, actor: args.actor, id, row })
    : [];
  const revisions = decl.revisions
    ? await revisionsView(deps.db, {
        resource: entry.id,
        decl,
        id,
        row: decl.codeRows ? row : ((await selectRecord(deps.db, decl, id)) ?? {}),
        params: args.input.params ?? new URLSearchParams(),
        canRestore: decl.operations.includes("update") && can(args.actor, "update", args.input.resource),
      })
    : null;
  return {
    sections,
    revisions,
    meta: metaOf(args.input.resource, args.actor),
    id: String(id),
    title: decl.titleOf(row),
    actions: (decl.rowActions ?? [])
      .filter(
        (a) => !a.postTo && offered(a, row, args.actor) && can(args.actor, a.ability ?? "update", args.input.resource),
      )
      .map((a) => ({
        intent: a.intent,
        label: a.label,
        accessibleLabel: a.accessibleLabel ? a.accessibleLabel(row) : `${a.label} ${decl.titleOf(row)}`,
        confirm: a.confirm ? a.confirm(row) : null,
        ...(a.fields?.length
          ? {
              fields: a.fields.map((f) => fieldView(f, f.options ?? [], false)),
              values: Object.fromEntries(a.fields.map((f) => [f.name, formValue(f, row[f.name])])),
            }
          : {}),
      })),
    links: (decl.detail.links?.(row) ?? []).map((l) => ({ label: l.label, href: l.href })),
    items: decl.detail.columns
      .filter((c) => !c.hidden)
      .map((c) => ({
        key: c.key,
        label: c.label,
        format: c.format ?? "text",
        booleanLabels: c.booleanLabels ?? null,
        value: cellValue(htmlShown(c.format, row[c.key], true)),
      })),
  };
}

/** A row as the list shows it, for a row action; a code row merged with its stored row (decision 0069). */
function listRowOf(db: Deps["db"] | Tx, decl: ResourceDeclaration, id: string | number) {
  return decl.codeRows ? selectCodeRow(db, decl, id) : selectListRow(db, decl, id);
}

/**
 * Puts back a kept version of a row (decision 0069): a new save of the version's values, checked like any save, the
 * current values kept as a version in turn, journaled "Restored ... to version N". Back to the row's page.
 */
export async function restoreResourceRevision(
  deps: WriteDeps,
  args: { actor: Viewer; input: { resource: ResolvedResource; id: string; version: number } },
): Promise<{ message: string; redirectTo: string }> {
  const { decl, entry } = args.input.resource;
  if (!decl.revisions) throw new AppError("NOT_FOUND", "This list keeps no versions.");
  requireOperation(decl, "update");
  requireCan(args.actor, "update", args.input.resource);
  const id = parseId(decl, args.input.id);
  const values = await revisionOf(deps.db, entry.id, id, args.input.version);
  const body: Record<string, unknown> = {};
  for (const f of decl.fields) {
    if (!(f.name in values)) continue;
    const v = formValue(f, values[f.name]);
    body[f.name] = v === true ? "on" : v === false || v === null ? "" : v;
  }
  const saved = await saveResource(deps, {
    actor: args.actor,
    input: { resource: args.input.resource, id: String(id), body, restoredFrom: args.input.version },
  });
  return { message: saved.message, redirectTo: resourcePaths(entry.path).show(id) };
}

/** Runs the declaration's `afterWrite` after a committed change other than a save, adding its sentence. */
async function withAfterWrite<T extends { message: string }>(
  deps: WriteDeps,
  decl: ResourceDeclaration,
  result: T,
): Promise<T> {
  const more = await decl.afterWrite?.({ services: deps, changed: "all" });
  return more ? { ...result, message: `${result.message} ${more}` } : result;
}

async function writeTx<T>(deps: WriteDeps, decl: ResourceDeclaration, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(work);
  } catch (err) {
    throw constraintError(decl, err) ?? err;
  }
}

/** A unique or foreign-key refusal by the database, as a message a person understands. */
function constraintError(decl: ResourceDeclaration, err: unknown): AppError | null {
  const e =
    (err as { cause?: { code?: string; detail?: string } })?.cause ?? (err as { code?: string; detail?: string });
  if (e?.code === "23505") {
    const col = /Key \(([^)]+)\)/.exec(e.detail ?? "")?.[1];
    const label = decl.fields.find(
      (f) => storedKey(decl, f) === col || f.column?.name === col || f.name === col,
    )?.label;
    return new AppError("CONFLICT", `Another ${decl.noun} already has this ${label?.toLowerCase() ?? "value"}.`);
  }
  if (e?.code === "23503") return new AppError("CONFLICT", `This ${decl.noun} is still in use elsewhere.`);
  return null;
}

async function journal(
  tx: Tx,
  actor: Viewer,
  entry: RegistryEntry,
  action: string,
  summary: string,
  data: Record<string, unknown>,
) {
  await recordActivity(tx, {
    userId: null,
    actor,
    kind: "admin.resource",
    facts: { sentence: summary },
    data: { resource: entry.id, action, ...data },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Images

const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Uploaded images of the form, checked by content, resized and stored; the stored paths by column. A field with its
 * own `upload` (the media library) stores the file itself and returns the columns to write; it is asked for on
 * create and kept on edit.
 */
async function prepareImages(
  deps: WriteDeps,
  decl: ResourceDeclaration,
  body: Record<string, unknown>,
  ctx: { actor: Viewer; mode: "create" | "edit" },
) {
  const out: Record<string, unknown> = {};
  for (const f of decl.fields.filter(isUploadField)) {
    if (ctx.mode === "edit" && f.readOnlyOnEdit) continue;
    const file = body[f.name];
    if (body[`${f.name}__remove`] === "on" && !f.upload) {
      out[storedKey(decl, f)] = null;
      continue;
    }
    const present = file instanceof File && file.size > 0;
    const chosen = typeof body[`${f.name}__media`] === "string" ? String(body[`${f.name}__media`]) : "";
    if (!f.upload && !present && chosen) {
      // A picture chosen from the media library is copied into the field's own folder (decision 0067), so deleting it
      // from the library leaves this row's picture in place.
      out[storedKey(decl, f)] = await copyLibraryPicture(deps, f, chosen);
      continue;
    }
    if (f.upload) {
      // A file field that is not required may be left empty (an image field's upload is the row: always asked for).
      if (!present && f.kind === "file" && !f.required) continue;
      if (!present)
        throw new AppError("BAD_INPUT", `Choose a file for ${f.label.toLowerCase()}.`, {
          [f.name]: ["Choose a file."],
        });
      Object.assign(out, await f.upload({ storage: deps.storage, file, actor: ctx.actor }));
      continue;
    }
    if (!present) continue;
    if (file.size > IMAGE_MAX_BYTES)
      throw new AppError("BAD_INPUT", `${f.label} must be at most 5 MB.`, { [f.name]: ["At most 5 MB."] });
    const webp = await webpFitted(new Uint8Array(await file.arrayBuffer()), {
      maxSide: f.imageMaxSide ?? 600,
      label: f.label,
      field: f.name,
    });
    const key = `media/${f.imageFolder ?? "images"}/${randomBytes(8).toString("hex")}.webp`;
    await deps.storage.put(key, webp, "image/webp");
    out[storedKey(decl, f)] = `/${key}`;
  }
  return out;
}

async function copyLibraryPicture(deps: WriteDeps, f: ResourceField, url: string) {
  const key = mediaLibraryKeyOf(url);
  const refused = () =>
    new AppError("BAD_INPUT", `${f.label}: that picture is not in the media library.`, {
      [f.name]: ["Not a picture of the media library."],
    });
  if (!key) throw refused();
  const found = await deps.storage.get(key);
  if (!found) throw refused();
  const chunks: Buffer[] = [];
  for await (const c of found.body) chunks.push(Buffer.from(c));
  const webp = await webpFitted(new Uint8Array(Buffer.concat(chunks)), {
    maxSide: f.imageMaxSide ?? 600,
    label: f.label,
    field: f.name,
  });
  const copy = `media/${f.imageFolder ?? "images"}/${randomBytes(8).toString("hex")}.webp`;
  await deps.storage.put(copy, webp, "image/webp");
  return `/${copy}`;
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

/** The fields a file may hold, in CSV order, with the constraints their schema states (`required`). */
export function csvFields(decl: ResourceDeclaration) {
  const names = decl.csvFields ?? decl.fields.filter((f) => !isUploadField(f)).map((f) => f.name);
  return names.map((n) => {
    const f = decl.fields.find((x) => x.name === n);
    if (!f) throw new Error(`csvFields names an unknown field: ${n}`);
    return constrainedField(decl, f);
  });
}

function csvCell(f: ResourceField, v: unknown): string {
  if (v === null || v === undefined) return "";
  if (f.kind === "money") return centsToInput(Number(v));
  if (f.kind === "checkbox") return v ? "yes" : "no";
  if (f.kind === "date") return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  if (f.kind === "datetime") return datetimeCsvCell(v);
  if (Array.isArray(v)) return v.join("; ");
  return String(v);
}

/** A list column's value in a CSV cell (a read-only resource's export). */
function csvColumnCell(c: ResourceColumn, v: unknown): string {
  if (v === null || v === undefined) return "";
  if (c.format === "money") return centsToInput(Number(v));
  if (c.format === "boolean") return v ? "yes" : "no";
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.join("; ");
  return String(v);
}

/**
 * Every row under the list's search and filters as CSV: an `id` column, then each CSV field by its label. A resource
 * without form fields (a log, the offers) exports its list's columns instead.
 */
export async function exportResource(
  deps: Deps,
  args: { actor: Viewer; input: { resource: ResolvedResource; params: URLSearchParams } },
): Promise<{ filename: string; csv: string }> {
  const { decl, entry } = args.input.resource;
  requireOperation(decl, "export");
  requireCan(args.actor, "read", args.input.resource);
  const state = readListState(decl, args.input.params, await defaultsOf(deps, decl, args.actor));
  const fields = csvFields(decl);
  const ids = await selectAll(deps.db, decl, conditionOf(decl, state), orderOf(decl, state));
  if (decl.fields.length === 0) {
    const cols = decl.columns.filter((c) => !c.hidden);
    const table = [["id", ...cols.map((c) => c.label)]];
    for (const r of ids) table.push([String(r.__id), ...cols.map((c) => csvColumnCell(c, r[c.key]))]);
    return { filename: `${entry.path}-${new Date().toISOString().slice(0, 10)}.csv`, csv: toCsv(table) };
  }
  const rows: string[][] = [["id", ...fields.map((f) => f.label)]];
  for (const r of ids) {
    const record = await selectRecord(deps.db, decl, r.__id as string | number);
    // A relations field's cell names the linked rows ("Aulani; Bay Lake Tower").
    if (record) {
      const links = await readRelations(deps.db, decl, r.__id as string | number);
      for (const f of fields)
        if (f.kind === "relations") record[f.name] = await relationLabels(deps.db, f, links[f.name]);
    }
    if (record) rows.push([String(r.__id), ...fields.map((f) => csvCell(f, record[storedKey(decl, f)]))]);
  }
  return { filename: `${entry.path}-${new Date().toISOString().slice(0, 10)}.csv`, csv: toCsv(rows) };
}

/**
 * Imports a file through one of the resource's importers (CSV always; decision 0071): each record is checked with
 * the resource's schema, and the report lists every record as created, updated, skipped (the importer left it out,
 * or a stored row already has its `match` value) or refused (every bad value by line and column). Nothing is
 * written unless no record is refused, and then all are written in one transaction with one journal entry.
 * `dryRun` checks without writing.
 */
export async function importResource(
  deps: WriteDeps,
  args: {
    actor: Viewer;
    input: { resource: ResolvedResource; text: string; format?: string; dryRun: boolean };
  },
): Promise<ImportReport> {
  const { decl, entry } = args.input.resource;
  requireOperation(decl, "import");
  requireCan(args.actor, "create", args.input.resource);
  requireCan(args.actor, "update", args.input.resource);
  const importer = importersOf(decl).find((i) => i.format === (args.input.format ?? "csv"));
  if (!importer) throw new AppError("BAD_INPUT", "Choose one of the file formats this list imports.");
  const report: ImportReport = {
    dryRun: args.input.dryRun,
    format: importer.label,
    rows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    errors: [],
    items: [],
  };
  const fields = csvFields(decl);
  const read = importer.read(args.input.text, fields);
  report.errors.push(...read.problems);
  if (report.errors.length) return report;
  if (read.records.length > MAX_IMPORT_ROWS) {
    report.errors.push({ line: 1, column: "", message: `Import at most ${MAX_IMPORT_ROWS} rows at a time.` });
    return report;
  }
  const rowFields = fields.filter((f) => read.present.includes(f.name));
  const alreadyHere = await storedMatches(deps.db, decl, read.records);
  // Titled as the file names them ("Aulani"), before relation names become ids.
  const titles = new Map(read.records.map((r) => [r, recordTitle(decl, { ...r.values }, r.line)]));
  await relationCellsByLabel(deps.db, rowFields, read.records);

  type Planned = { line: number; id: string | number | null; data: Record<string, unknown> };
  const planned: Planned[] = [];
  for (const record of read.records) {
    report.rows++;
    const title = titles.get(record) ?? recordTitle(decl, record.values, record.line);
    if (record.skip) {
      report.items.push({ line: record.line, action: "skip", title, reason: record.skip });
      continue;
    }
    let id: string | number | null = null;
    if (record.id !== null) {
      try {
        id = parseId(decl, record.id);
      } catch {
        const message = `“${record.id}” is not an id.`;
        report.errors.push({ line: record.line, column: "id", message });
        report.items.push({ line: record.line, action: "refuse", title, reason: message });
        continue;
      }
    }
    const already = record.match ? alreadyHere.get(`${record.match.field}\u0000${record.match.value}`) : undefined;
    if (already) {
      const reason = `Already here: ${decl.noun} “${already}” has the same ${labelOf(decl, record.match?.field)}.`;
      report.items.push({ line: record.line, action: "skip", title, reason });
      continue;
    }
    const mode = id === null ? "create" : "edit";
    const { values, errors: pre } = normalizeValues(decl, record.values, { mode, fields: rowFields });
    // Columns the file leaves out keep their stored values on update; on create the schema judges them.
    const { data, errors } =
      mode === "edit"
        ? parsePartial(decl, values, pre)
        : parseValues(decl, { ...defaultsFor(decl, rowFields), ...values }, pre);
    const messages = Object.entries(errors).flatMap(([key, list]) =>
      list.map((message) => ({ line: record.line, column: labelOf(decl, key), message })),
    );
    if (data && !messages.length) {
      const stored = id === null && decl.importKey ? await storedByKey(deps.db, decl, data) : null;
      if (stored !== null) {
        // The same values as the stored row: nothing to write.
        const row = await selectRecord(deps.db, decl, stored);
        const same =
          row !== null &&
          decl.fields
            .filter((f) => f.name in data && f.kind !== "relations")
            .every((f) => String(row[storedKey(decl, f)] ?? "") === String(data[f.name] ?? ""));
        if (same) {
          const reason = `Already here: ${decl.noun} “${decl.titleOf(row)}” has these values.`;
          report.items.push({ line: record.line, action: "skip", title, reason });
          continue;
        }
        id = stored;
      }
      planned.push({ line: record.line, id, data });
      report.items.push({ line: record.line, action: id === null ? "create" : "update", title });
    } else {
      report.errors.push(...messages);
      report.items.push({
        line: record.line,
        action: "refuse",
        title,
        reason: messages.map((m) => m.message).join(" "),
      });
    }
  }
  report.skipped = report.items.filter((i) => i.action === "skip").length;
  if (report.errors.length || args.input.dryRun) {
    if (!report.errors.length) {
      report.created = planned.filter((p) => p.id === null).length;
      report.updated = planned.length - report.created;
    }
    return report;
  }

  let current: Planned | null = null;
  // A scheduled resource (decision 0068): the rows written get their schedule's jobs after the commit (decision 0080).
  const written: (string | number)[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      for (const p of planned) {
        current = p;
        if (p.id === null) {
          const cols = await columnsOf(decl, p.data, { tx, existing: null, actor: args.actor });
          if (decl.orderColumn)
            cols[columnKey(decl.table, decl.orderColumn)] ??= await nextPosition(tx, decl, decl.orderColumn);
          const row = await insertRecord(tx, decl.table, cols);
          written.push(row[columnKey(decl.table, decl.id)] as string | number);
          report.created++;
        } else {
          const existing = await selectRecord(tx, decl, p.id, { forUpdate: true });
          if (!existing) throw new AppError("NOT_FOUND", `There is no ${decl.noun} with id ${p.id}.`);
          await updateRecord(tx, decl, p.id, await columnsOf(decl, p.data, { tx, existing, actor: args.actor }));
          written.push(p.id);
          report.updated++;
        }
      }
      const skipped = report.skipped ? `, ${report.skipped} skipped` : "";
      await journal(
        tx,
        args.actor,
        entry,
        "import",
        `Imported ${planned.length} ${plural(decl)} from ${importer.label} (${report.created} created, ${report.updated} updated${skipped}).`,
        { created: report.created, updated: report.updated, skipped: report.skipped, format: importer.format },
      );
    });
  } catch (err) {
    const known = constraintError(decl, err) ?? (err instanceof AppError ? err : null);
    if (!known) throw err;
    report.created = 0;
    report.updated = 0;
    report.errors.push({ line: (current as Planned | null)?.line ?? 0, column: "", message: known.message });
    return report;
  }
  for (const id of written) await queueSchedule(deps, entry, decl, id);
  await decl.afterWrite?.({ services: deps, changed: "all" });
  return report;
}

/** The stored row an imported record names by the declaration's `importKey` fields (decision 0073), or null. */
async function storedByKey(db: Deps["db"], decl: ResourceDeclaration, data: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  for (const name of decl.importKey ?? []) {
    const f = decl.fields.find((x) => x.name === name);
    if (!f || !(name in data)) return null;
    values[storedKey(decl, f)] = data[name];
  }
  return selectIdByColumns(db, decl, values);
}

/**
 * A relation field's cell in an imported file may name the row by its label, any case ("Aulani"), instead of its
 * id: one query per relation field for the whole file; a name no row has is left as it is, for the schema to refuse.
 */
async function relationCellsByLabel(db: Deps["db"], fields: ResourceField[], records: ImportRecord[]) {
  for (const f of fields) {
    if (f.kind !== "relation" || !f.relation) continue;
    const byLabel = new Map<string, string>();
    for (const o of await selectOptions(db, f.relation)) byLabel.set(o.label.trim().toLowerCase(), o.value);
    for (const r of records) {
      const cell = r.values[f.name]?.trim();
      if (cell && !/^\d{1,10}$/.test(cell)) r.values[f.name] = byLabel.get(cell.toLowerCase()) ?? cell;
    }
  }
}

function labelOf(decl: ResourceDeclaration, name: string | undefined) {
  return decl.fields.find((f) => f.name === name)?.label ?? name ?? "";
}

/** How the report names a record: the declaration's title of its values, else its line. */
function recordTitle(decl: ResourceDeclaration, values: Record<string, string>, line: number) {
  try {
    const t = decl.titleOf(values).trim();
    if (t && t !== "undefined" && t !== "null") return t.length > 120 ? `${t.slice(0, 119)}…` : t;
  } catch {
    // a title built from fields the file does not supply
  }
  return `Line ${line}`;
}

/**
 * The titles of stored rows that records `match` (items imported before), by "field NUL value": one query per field
 * the records match on, for the whole file.
 */
async function storedMatches(db: WriteDeps["db"], decl: ResourceDeclaration, records: ImportRecord[]) {
  const byField = new Map<string, Set<string>>();
  for (const r of records) {
    if (!r.match || r.skip) continue;
    byField.set(r.match.field, (byField.get(r.match.field) ?? new Set()).add(r.match.value));
  }
  const titles = new Map<string, string>();
  for (const [name, values] of byField) {
    const field = decl.fields.find((f) => f.name === name);
    if (!field) throw new Error(`An importer matches on an unknown field: ${name}`);
    const { key, rows } = await selectByColumnValues(db, decl, field.column ?? field.name, [...values]);
    for (const row of rows) titles.set(`${name}\u0000${String(row[key])}`, decl.titleOf(row));
  }
  return titles;
}

/** The values an absent CSV column takes on create: the form's empty value for that field. */
function defaultsFor(decl: ResourceDeclaration, present: ResourceField[]) {
  const missing = decl.fields.filter((f) => !isUploadField(f) && !present.includes(f) && !f.editOnly);
  return normalizeValues(decl, {}, { mode: "create", fields: missing }).values;
}

/** On update, only the columns the file has are checked and written. */
function parsePartial(decl: ResourceDeclaration, values: Record<string, unknown>, pre: Record<string, string[]>) {
  const parsed = formSchema(decl, "edit").partial().safeParse(values);
  const errors: Record<string, string[]> = { ...pre };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
  }
  const data = parsed.success ? Object.fromEntries(Object.entries(parsed.data).filter(([k]) => k in values)) : null;
  return { data, errors };
}

/** Reads an uploaded file or pasted text from an import form. */
export async function importTextOf(body: Record<string, unknown>) {
  const file = body.file;
  if (file instanceof File && file.size > 0) {
    if (file.size > 2 * 1024 * 1024) throw new AppError("BAD_INPUT", "The file must be at most 2 MB.");
    return file.text();
  }
  const pasted = body.text ?? body.csv;
  const text = typeof pasted === "string" ? pasted : "";
  if (!text.trim()) throw new AppError("BAD_INPUT", "Choose a file or paste its text.");
  return text;
}
