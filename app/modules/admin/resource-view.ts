import type { DiffLine } from "~/lib/line-diff";
import type { ColumnFormat, FieldKind, Option, ResourceComputedSection, ResourceFormAside } from "./resource";

/**
 * What the engine's loaders send to its screens: plain data, no functions, so the screens are generic and the
 * declarations (with their tables) never reach the browser.
 */
export type ResourceMeta = {
  id: string;
  noun: string;
  title: string;
  description: string;
  paths: { list: string; create: string; import: string; export: string };
  can: { create: boolean; update: boolean; delete: boolean; import: boolean; export: boolean; order: boolean };
};

export type ListColumnView = {
  key: string;
  label: string;
  format: ColumnFormat;
  sortable: boolean;
  primary: boolean;
  /** Long text that may wrap in the list. */
  wrap: boolean;
  /** Declared priority (decision 0048), or null: by position. */
  priority: 1 | 2 | 3 | 4 | null;
  optional: boolean;
  detail: string | null;
  booleanLabels: [string, string] | null;
  sortFirst: "asc" | "desc";
  hidden: boolean;
};

export type ListFilterView = {
  key: string;
  label: string;
  /** A select (fixed options, yes/no, or a related row), or a range of days. */
  kind: "select" | "date";
  value: string;
  /** A date range's ends (YYYY-MM-DD, or ""). */
  from: string;
  to: string;
  options: Option[];
  /** Shown as tabs with counts (under the other filters and the search) instead of a select. */
  tabs: { all: number; counts: Record<string, number> } | null;
};

export type ListRowView = {
  id: string;
  title: string;
  cells: Record<string, string | number | boolean | null>;
  /** Cells that link somewhere of their own (a column's `href`), by column key. */
  links: Record<string, string>;
  actions: {
    intent: string;
    label: string;
    accessibleLabel: string;
    /** Inputs sent with the button, and their current values on this row. */
    fields: FormFieldView[];
    /** The sentence confirmed before the action runs (null: the button acts at once). */
    confirm: string | null;
    values: Record<string, string | string[] | boolean | null>;
    /** Where the button posts when the action is a route of its own (null: the list). */
    postTo: string | null;
  }[];
  /** What the row says in place of an action it does not offer ("You (cannot change your own)"). */
  notes: string[];
  /** A nested list's row (decision 0065): its level (1 = top), its parent's name, and its place among siblings. */
  tree?: { level: number; parentTitle: string | null; first: boolean; last: boolean };
};

export type ResourceListView = {
  meta: ResourceMeta;
  caption: string;
  searchLabel: string;
  emptyText: string;
  columns: ListColumnView[];
  /** Keys of the optional columns shown (table settings cog). */
  shown: string[];
  filters: ListFilterView[];
  /** A link beside the table settings cog to where the list's saved defaults are set. */
  settingsLink: { href: string; label: string } | null;
  searchable: boolean;
  rows: ListRowView[];
  q: string;
  sort: { column: string; dir: "asc" | "desc" };
  page: number;
  pageCount: number;
  total: number;
  perPage: number;
  pageSizes: number[];
  ordered: boolean;
  /** The rows are a tree (decision 0065): every row on one page, children under their parent. */
  nested?: boolean;
  toolbar: { intent: string; title: string; button: string; help: string | null; fields: FormFieldView[] }[];
  /** Rows have a page of their own (`<path>/:id`). */
  hasDetail: boolean;
};

export type ResourceDetailView = {
  meta: ResourceMeta;
  id: string;
  title: string;
  /** The row actions this row offers, posted to the list (which then shows the toast). */
  actions: {
    intent: string;
    label: string;
    accessibleLabel: string;
    confirm: string | null;
    /** Small inputs sent with the button (a campaign's sending time; decision 0091). */
    fields?: FormFieldView[];
    values?: Record<string, string | string[] | boolean | null>;
  }[];
  /** Pages of their own about this row, linked at the top of its page (the declaration's `detail.links`). */
  links: { label: string; href: string }[];
  /** Sections computed when the page opened (decision 0069: a template's preview). */
  sections?: ResourceComputedSection[];
  /** The row's versions, with a diff of two (decision 0069), when the resource keeps revisions. */
  revisions?: RevisionsView | null;
  items: {
    key: string;
    label: string;
    format: ColumnFormat;
    booleanLabels: [string, string] | null;
    value: string | number | boolean | null;
  }[];
};

export type FormFieldView = {
  name: string;
  label: string;
  kind: FieldKind;
  help: string | null;
  required: boolean;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  options: Option[];
  readOnly: boolean;
  /** A textarea's height in lines. */
  rows?: number;
  /** A number input's step ("any" for decimals). */
  step?: number | "any";
  /** An image field that may take a picture of the media library instead of an upload (decision 0067). */
  fromLibrary?: boolean;
  /** A file field's `accept` (decision 0091). */
  accept?: string;
};

export type ResourceFormView = {
  meta: ResourceMeta;
  mode: "create" | "edit";
  recordId: string | null;
  recordTitle: string | null;
  fields: FormFieldView[];
  /** The panel beside the form (the variables a template offers). */
  aside?: ResourceFormAside | null;
  /** Current values as the form shows them (money in dollars, dates as YYYY-MM-DD, lists as arrays). */
  values: Record<string, string | string[] | boolean | null>;
};

export type ImportReport = {
  dryRun: boolean;
  /** The importer's name ("CSV", "WordPress export (WXR)"). */
  format: string;
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  errors: { line: number; column: string; message: string }[];
  /** Every record of the file and what the import does (or would do) with it. */
  items: ImportItem[];
};

export type ImportItem = {
  line: number;
  action: "create" | "update" | "skip" | "refuse";
  /** The record's title (its name field), else "Line N". */
  title: string;
  /** Why it is skipped or refused. */
  reason?: string;
};

/** A row's kept versions (decision 0069): the newest first; `current` is the row as it is now. */
export type RevisionsView = {
  versions: { version: number; savedAt: string | null; savedBy: string | null; current: boolean }[];
  /** Two versions compared (the query string's `from` and `to`), each changed field's lines. */
  compare: {
    from: number;
    to: number;
    fields: { label: string; lines: DiffLine[] }[];
  } | null;
  /** The viewer may restore a version (update). */
  canRestore: boolean;
};

/** A list's state as its query string (or the saved defaults) gives it. */
export type ResourceListState = {
  q: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  perPage: number;
  /** Optional columns shown. */
  shown: string[];
  filters: Record<string, string>;
};
