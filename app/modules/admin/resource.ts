import { getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

export type { AnyPgColumn };
import type { z } from "zod";
import type { Viewer } from "~/auth/abilities";
import type { Tx } from "~/db/client.server";
import type { Services } from "~/lib/runtime.server";
import type { Importer } from "./importers";
import type { Storage } from "~/lib/storage.server";

/**
 * One admin resource, declared once (ARCHITECTURE rule 7), in the spirit of a Payload collection config: the
 * engine (`resource-engine.server.ts`) serves its list, create, edit, delete, ordering, CSV import and export from
 * this alone. Its URL, route id, CASL subject and sidebar place are its line in `resources.registry.ts`.
 */
export type ResourceDeclaration = {
  /** Singular noun for messages and the journal ("broker"). */
  noun: string;
  /** The list's heading ("Brokers"). */
  title: string;
  /** The paragraph under the heading: what the list is and what a change does. */
  description: string;
  /** The table's accessible name (default: the title). */
  caption?: string;
  /** The search box's label (default: "Search <title>"). */
  searchLabel?: string;
  /** What an empty list says (default: "No <title> yet."). */
  emptyText?: string;
  table: PgTable;
  /** The primary key column (integer or text). */
  id: AnyPgColumn;
  /** What the list offers; reading is always on. */
  operations: ResourceOperation[];
  /** Form values, parsed on the server (the form's HTML constraints come from `fields`). */
  schema: z.ZodObject<any>;
  columns: ResourceColumn[];
  fields: ResourceField[];
  defaultSort: { key: string; dir: "asc" | "desc" };
  pageSize?: number;
  /** The rows this resource covers (e.g. status = deactivated); applies to every read and write. */
  scope?: () => SQL | undefined;
  /** Joins the columns need (left joins to names of related rows). */
  joins?: ResourceJoin[];
  /** `deleted_at`: delete sets it, the list hides such rows. Without it, delete removes the row. */
  softDelete?: AnyPgColumn;
  /** An integer column kept 1..n: the list shows up/down buttons and is shown in that order. */
  orderColumn?: AnyPgColumn;
  /**
   * Nested order (decision 0065): a nullable self-reference. With `orderColumn`, positions are kept 1..n within each
   * (group, parent); the list shows the rows as a tree; the form field stored in this column (kind "relation", no
   * `relation`) offers the possible parents. The engine refuses cycles, a parent in another group, nesting deeper
   * than `maxDepth`, and the delete of a row that still has children.
   */
  parentColumn?: AnyPgColumn;
  /** The column that splits the rows into separately ordered groups (e.g. which menu); a parent is in its child's. */
  groupColumn?: AnyPgColumn;
  /** Levels of nesting allowed with `parentColumn` (default 2: items and their children). */
  maxDepth?: number;
  /** How a row is named in messages and the journal. */
  titleOf: (row: Record<string, unknown>) => string;
  /**
   * Adjusts the columns about to be written (each parsed field's value under its column, by property name): add
   * derived columns, drop ones that must not change. Runs in the write's transaction, so it can look things up.
   */
  prepare?: (
    cols: Record<string, unknown>,
    /** `actor`: who saves (a form's save, a restore, an import). */
    ctx: { tx: Tx; existing: Record<string, unknown> | null; values: Record<string, unknown>; actor?: Viewer },
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * The storage keys a row keeps (a media item's sizes): removed from storage once the row's delete has committed.
   */
  storedFiles?: (row: Record<string, unknown>) => string[];
  /**
   * Refuses a row's delete (throw an AppError, e.g. CONFLICT with the reason): runs in the delete's transaction with the
   * row locked, before anything is removed (decision 0091: a file attached to an unsent campaign).
   */
  beforeDelete?: (row: Record<string, unknown>, ctx: { tx: Tx }) => Promise<void>;
  /** Field names in CSV import/export order (default: every field but images). */
  csvFields?: string[];
  /**
   * Fields whose values together name one stored row (a unique key, decision 0073): an imported record without an
   * id whose values match a stored row updates it ("update" in the dry run) instead of failing on the key.
   */
  importKey?: string[];
  /** Formats the import reads besides CSV (decision 0071), e.g. `wxrImporter({...})` for a WordPress export. */
  importers?: Importer[];
  /** Buttons on a row beyond edit and delete: each runs in one transaction with a journal entry. */
  rowActions?: ResourceRowAction[];
  /** Forms above the list for actions on the whole resource. */
  toolbarActions?: ResourceToolbarAction[];
  /** A page per row (`<path>/:id`), linked from the row's name when the row cannot be edited. */
  detail?: ResourceDetail;
  /**
   * Older query-string names the list still reads, each to the engine's own (`{ result: "f.result" }`): links
   * from before the list was declared keep working. The engine's own name wins when both are given.
   */
  queryAliases?: Record<string, string>;
  /** The list's saved starting view (read on each visit; the query string overrides each part). */
  listDefaults?: (ctx: { db: Tx }) => Promise<ListDefaults>;
  /** A link beside the table settings cog to where the saved defaults are set. */
  settingsLink?: { href: string; label: string };
  /**
   * Rows that exist in code (decision 0069; the product's mail templates): the list shows every one of them, a stored
   * row of the same id over its defaults. See `ResourceCodeRows`.
   */
  codeRows?: ResourceCodeRows;
  /**
   * Keep every earlier version of a row (decision 0069, table `resource_revisions`): each save keeps the values it
   * replaces; the row's page lists the versions, shows a line diff of any two and restores one (a new save).
   */
  revisions?: boolean;
  /**
   * Checks that need the row (a template's own variables): field name -> messages. Any message refuses the save
   * with 422 ("UNPROCESSABLE") and writes nothing. Runs after the schema accepted the values.
   */
  validate?: (
    values: Record<string, unknown>,
    ctx: { id: string | number | null; row: Record<string, unknown> | null },
  ) => Record<string, string[]>;
  /** A panel beside the edit form about the row (the variables a template offers), or null for none. */
  formAside?: (row: Record<string, unknown>) => ResourceFormAside | null;
  /**
   * Sentences added to the list's description from live data when the list is served (a schedule read from the
   * settings), or null for none.
   */
  describe?: (ctx: { db: Tx }) => Promise<string | null>;
  /**
   * Values the rows show that are computed rather than stored (e.g. a live count): run on the list's rows, on a row's
   * page and before an action's confirmation (decision 0087: a campaign's recipient count before it is sent).
   */
  computed?: (rows: Record<string, unknown>[], ctx: { db: Tx }) => Promise<void>;
  /**
   * Runs after a committed write (e.g. queue a recompute). `changed` names the fields a save changed (every field
   * for other writes: a delete, an import, a row action). A returned sentence is added to the toast.
   */
  /**
   * Changes of state at set times (decision 0068): when a row is saved, a job is queued for each step whose time is
   * set and whose state column holds one of `from`; at that time the job moves it to `to` (once, journaled as the
   * system's). A moved time queues a new job; the old one finds the time changed and does nothing.
   */
  schedule?: ResourceScheduleStep[];
  afterWrite?: (ctx: {
    services: { jobs?: { send(queue: string, data: object): Promise<unknown> } };
    changed: string[] | "all";
  }) => Promise<string | undefined>;
};

/**
 * Rows defined in code with stored overrides (decision 0069). Each code row carries its id under the id column's
 * property name and its default values by property (and column key). A stored row of the same id overrides the
 * properties named in `overrides` where it is not null. The list (search, filters, sort, pages) runs over the merged
 * rows in memory; a save stores only the values that differ from the default (a save equal to the default in every
 * part removes the stored row); the "Edited"/"Default" state is `storedKey`, true where a stored row exists.
 */
export type ResourceCodeRows = {
  rows: () => readonly Record<string, unknown>[];
  overrides: string[];
  storedKey: string;
};

/** The panel beside an edit form: a heading, a sentence and a list of terms (a template's variables). */
export type ResourceFormAside = {
  title: string;
  description?: string;
  terms: { term: string; description: string }[];
};

/**
 * A section of a row's page computed when it is opened (decision 0069; a template's preview): items of text, a
 * preformatted text or an HTML document shown in a sandboxed frame at each of `widths` (CSS pixels).
 */
export type ResourceComputedSection = {
  title: string;
  description?: string;
  items: { label: string; format: "text" | "preformatted" | "document"; value: string; widths?: number[] }[];
};

export type ResourceOperation = "create" | "update" | "delete" | "import" | "export" | "order";

export type ColumnFormat =
  | "text"
  | "number"
  | "money"
  | "date"
  | "datetime"
  | "boolean"
  | "url"
  | "image"
  | "email"
  | "multiline"
  /** A row's page only: an HTML document (a mail) shown in a sandboxed frame, in its own section. */
  | "document"
  /** A row's page only: text shown as it is (a mail's text version), in its own section. */
  | "preformatted"
  /** Rich text (a "richtext" field's column): its text in the list, its sanitized HTML on a row's page. */
  | "html";

export type ResourceColumn = {
  key: string;
  label: string;
  /** What the list selects for this column. */
  value: AnyPgColumn | SQL;
  format?: ColumnFormat;
  sortable?: boolean;
  /** Part of the search box (`q`, matched anywhere, any case). */
  searchable?: boolean;
  /** A filter above the list (`f.<key>` in the query string). */
  filter?: ResourceFilter;
  /** Shown only when picked in the table settings cog. */
  optional?: boolean;
  /** The row's name: a link to its edit form (or its page). */
  primary?: boolean;
  /** Long text (a resort's name, a person's name) may wrap onto more lines in the list. */
  wrap?: boolean;
  /**
   * How much the column matters when the table is narrow (decision 0048): 1 always shows; 2, 3, 4 give way under
   * 48, 64, 80rem of table width, their value then listed under the row's name. Unset: by position (the first two
   * columns besides the primary one always show).
   */
  priority?: 1 | 2 | 3 | 4;
  /** Makes the value a link to this address of the row (e.g. the user's own admin page); null: no link. */
  href?: (row: Record<string, unknown>) => string | null;
  /** A second line under the value, from another column of the row. */
  detail?: string;
  /** Labels for a boolean column ("Active" / "Inactive"). */
  booleanLabels?: [string, string];
  /** The direction a first click sorts in (default: newest first for dates, else ascending). */
  sortFirst?: "asc" | "desc";
  /** Selected (for a `detail` line, a row action's `when`, the search) but never shown as a column. */
  hidden?: boolean;
};

export type Option = { value: string; label: string };

/**
 * A list filter. `select`: one of fixed options, matched against `match` (default: the column's value); `tabs` shows
 * them as tabs above the table, each with its count under the other filters and the search. `relation`: one row of
 * another table (a resort), matched against the column's value. `date`: a range of days (Eastern) of a date or
 * timestamp column (`f.<key>.from`, `f.<key>.to`).
 */
export type ResourceFilter =
  | {
      kind: "select";
      options: Option[];
      tabs?: boolean;
      match?: AnyPgColumn | SQL;
      /**
       * The condition of a chosen value when it is no value of a column (a period: "this month"), built per request
       * (undefined: every row). Instead of `match`; not with `tabs` (a tab's count groups by a value).
       */
      where?: (value: string) => SQL | undefined;
    }
  | { kind: "boolean"; yes: string; no: string }
  | { kind: "relation"; relation: Relation }
  | { kind: "date" };

export type Relation = { table: PgTable; value: AnyPgColumn; label: AnyPgColumn; where?: () => SQL | undefined };

/** The list's starting view where the query string says nothing (saved defaults, e.g. /admin/od-settings). */
export type ListDefaults = {
  perPage?: number;
  /** Optional columns shown. */
  shown?: string[];
  sort?: { key: string; dir: "asc" | "desc" };
  /** Filter values by key (date ranges as `<key>.from` / `<key>.to`). */
  filters?: Record<string, string>;
};

export type FieldKind =
  | "text"
  | "textarea"
  | "number"
  | "money"
  | "select"
  | "multiselect"
  | "checkbox"
  | "date"
  | "richtext"
  | "image"
  /** A stored file of any kind the field's `upload` accepts (a PDF; decision 0091): the module stores it. */
  | "file"
  | "relation"
  | "url"
  | "email"
  /** Rows of another table, linked through a join table (`through`, `relation`; decision 0068). */
  | "relations"
  /** A moment, typed as US Eastern wall-clock time and stored in a timestamptz column (decision 0068). */
  | "datetime"
  /** A password: sent as typed (never trimmed), omitted when left empty, never shown back. */
  | "password";

/**
 * A many-to-many link (decision 0068): the join table, its column holding this resource's id (`from`) and its
 * column holding the related row's id (`to`). The pair is unique in the table; the engine writes the rows.
 */
export type JoinTable = { table: PgTable; from: AnyPgColumn; to: AnyPgColumn };

/** A step of a resource's `schedule`: at the time in `at`, a row whose `state` is one of `from` takes `to`. */
export type ResourceScheduleStep = {
  /** A timestamptz column (a "datetime" field's). */
  at: AnyPgColumn;
  state: AnyPgColumn;
  from: string[];
  to: string;
  /** The journal's words for it: "went live" -> "Banner “X” went live (scheduled for …)." */
  done: string;
};

export type ResourceField = {
  name: string;
  label: string;
  kind: FieldKind;
  help?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** For textarea: its height in lines (default 4). */
  rows?: number;
  /** For number: the input's step ("any" or 0.01 for a rate like 6.99; default 1, whole numbers). */
  step?: number | "any";
  /** For select and multiselect. */
  options?: Option[];
  /** For relation and relations: the related rows to choose from. */
  relation?: Relation;
  /** For relations: the join table the links are stored in. */
  through?: JoinTable;
  /** For datetime: the name of another datetime field this one must be later than ("Ends" after "Starts"). */
  after?: string;
  /** The column it is stored in (default: the table's column of the same name). */
  column?: AnyPgColumn;
  /**
   * Stored in no column of its own: the declaration's `prepare` consumes it (under its name) and writes what it
   * means. Without `column` or `virtual`, a field must be a column of the table (checked at load, decision 0066).
   */
  virtual?: boolean;
  /** Shown on edit but never written by the form (a key fixed at creation). */
  readOnlyOnEdit?: boolean;
  /** Shown on the edit form only (e.g. a value computed on create). */
  editOnly?: boolean;
  /** The value a new row's form starts with (a checkbox: true for ticked). */
  default?: string | boolean;
  /** For image: the storage folder. */
  imageFolder?: string;
  /** For image: the longest side it is stored at, in pixels (default 600; smaller images are kept as they are). */
  imageMaxSide?: number;
  /**
   * For image: the module stores the upload itself (the media library keeps every size and the picture's facts) and
   * returns the columns to write. The file is then required on create; with `readOnlyOnEdit` it is kept on edit.
   */
  upload?: (ctx: { storage: Storage; file: File; actor: Viewer }) => Promise<Record<string, unknown>>;
  /** For file: the file input's `accept` (a hint to the browser; the `upload` checks the bytes). */
  accept?: string;
};

/**
 * A button on a row beyond edit and delete. Either `run` (the engine's transaction, and a journal entry
 * "<Noun> “<title>” <done>.") or `service` (a module's own service that checks, writes and journals itself, and
 * returns the toast): a listing's reactivation goes through the listing workflow, not around it.
 */
export type ResourceRowAction = {
  intent: string;
  label: string;
  /** The button's accessible name (default: the label and the row's title). */
  accessibleLabel?: (row: Record<string, unknown>) => string;
  /** With `run`: the verb of the toast, e.g. "restored" -> "Broker “X” restored." */
  done?: string;
  /**
   * Only rows where this selected column is truthy show the button, or where this test of the row and the viewer
   * passes (e.g. not your own account).
   */
  when?: string | ((row: Record<string, unknown>, ctx: { actor: Viewer }) => boolean);
  /** What the row shows in the button's place when `when` keeps it away ("You (cannot change your own)"). */
  otherwise?: string;
  /** Needs this CASL action on the subject (default update). */
  ability?: "update" | "delete" | "create";
  /** Small inputs sent with the button (e.g. a role to change to), shown beside it. */
  fields?: ResourceField[];
  /**
   * What the administrator confirms before the action runs, for actions that commit money or a contract ("Accept
   * offer #12 for the seller: 160 points × $150/pt = $24,000…"). The button opens the sentence and a "Yes, …" button;
   * without `confirm=yes` the server refuses (422) and nothing changes.
   */
  confirm?: (row: Record<string, unknown>) => string;
  /** Shown on the row's page only, not in the list (a test mail of a template). */
  placement?: "page";
  /** With `run` on a resource with `revisions`: the row's values are kept as a version first (it removes them). */
  keepsRevision?: boolean;
  run?: (ctx: { tx: Tx; actor: Viewer; id: string | number; row: Record<string, unknown> }) => Promise<void>;
  /**
   * Instead of `run` or `service`: the button posts to this address of the row, a route of its own that checks and
   * answers itself (signing in as the user sets cookies), as a full page load.
   */
  postTo?: (row: Record<string, unknown>) => string;
  /** The row as the list shows it, or null when it is no longer in the list (the service gives its own answer). */
  service?: (ctx: {
    services: Services;
    actor: Viewer;
    id: string | number;
    row: Record<string, unknown> | null;
    input: Record<string, unknown>;
  }) => Promise<string>;
};

/** A small form above the list that acts on the whole resource (flag a listing by its code, add a staff member). */
export type ResourceToolbarAction = {
  intent: string;
  /** The form's heading and its button's text. */
  title: string;
  button: string;
  help?: string;
  fields: ResourceField[];
  ability?: "update" | "create";
  /** The toast's sentence, or with `reveal` a value shown once on the page (a new API key's secret; issue 33). */
  service: (ctx: {
    services: Services;
    actor: Viewer;
    input: Record<string, unknown>;
  }) => Promise<string | ToolbarReveal>;
};

/**
 * A toolbar action's answer that shows a value once (issue 33): the page stays, with the sentence and the value in a
 * box that is not a toast (it does not go away by itself), and nothing keeps the value after that answer.
 */
export type ToolbarReveal = { message: string; reveal: { label: string; value: string; note: string } };

/** A read-only page of one row (`<path>/:id`): what the list cannot show, e.g. a message's text. */
export type ResourceDetail = {
  columns: ResourceColumn[];
  /**
   * Links at the top of the row's page to pages of their own about the row (a bespoke screen, an upload): the row
   * as the page selects it (its detail and list columns) in, labels and addresses (built with `href()`) out.
   */
  links?: (row: Record<string, unknown>) => { label: string; href: string }[];
  /** Sections computed when the page is opened, after the columns (decision 0069: a template's preview). */
  sections?: (ctx: {
    services: Services;
    actor: Viewer;
    id: string | number;
    row: Record<string, unknown>;
  }) => Promise<ResourceComputedSection[]>;
  /** Runs when the page is opened (e.g. marks a message read). */
  onView?: (ctx: { services: Services; actor: Viewer; id: string | number }) => Promise<void>;
};

export type ResourceJoin = { table: PgTable; on: () => SQL };

/**
 * The `value` of a column of a resource of code rows (decision 0069) that no table column holds (a template's kind,
 * its description): the list reads it from the merged row by the column's key; it is never selected.
 */
export const fromCode = sql`null`;

/** Declares a resource (identity, for inference and a single place to add checks later). */
/** Fields whose value is an uploaded file, stored by the engine or the field's `upload`, never read as text. */
export function isUploadField(f: Pick<ResourceField, "kind">): boolean {
  return f.kind === "image" || f.kind === "file";
}

export function defineResource(decl: ResourceDeclaration): ResourceDeclaration {
  return decl;
}

/**
 * A list column's value for a "relations" field (decision 0068): the names of the rows a row is linked to, in name
 * order, joined by commas (searchable and sortable like any column).
 */
export function relationNames(id: AnyPgColumn, relation: Relation, through: JoinTable): SQL<string | null> {
  // Qualified by hand: drizzle leaves names unqualified in a one-table select, and inside this subquery an
  // unqualified "id" would be the related row's.
  const q = (c: AnyPgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;
  return sql<
    string | null
  >`(select string_agg(${q(relation.label)}::text, ', ' order by ${q(relation.label)}) from ${through.table} join ${relation.table} on ${q(relation.value)} = ${q(through.to)} where ${q(through.from)} = ${q(id)})`;
}
