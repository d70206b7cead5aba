import type { ColumnFormat, FieldKind, Option } from "./resource";

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
  actions: { intent: string; label: string; accessibleLabel: string; confirm: string | null }[];
  /** Pages of their own about this row, linked at the top of its page (the declaration's `detail.links`). */
  links: { label: string; href: string }[];
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
  /** An image field that may take a picture of the media library instead of an upload (decision 0067). */
  fromLibrary?: boolean;
};

export type ResourceFormView = {
  meta: ResourceMeta;
  mode: "create" | "edit";
  recordId: string | null;
  recordTitle: string | null;
  fields: FormFieldView[];
  /** Current values as the form shows them (money in dollars, dates as YYYY-MM-DD, lists as arrays). */
  values: Record<string, string | string[] | boolean | null>;
};

export type ImportReport = {
  dryRun: boolean;
  rows: number;
  created: number;
  updated: number;
  errors: { line: number; column: string; message: string }[];
};
