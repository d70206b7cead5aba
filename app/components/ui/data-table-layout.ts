import type { ReactNode } from "react";

/**
 * How the one table lays itself out (decision 0048). Pure: the class names for each column and the order in which
 * columns give way when the table's box is narrow, so the rules can be tested without a browser.
 *
 * - The table measures its own box (a CSS container named `table`), not the screen: the same table in the admin
 *   (beside a sidebar) and on a full-width page drops columns at the same box widths.
 * - Under 42rem (672 px) every row is a card: its title (the primary column), then "label: value" lines, then its
 *   actions on a line of their own. Nothing is hidden and nothing scrolls sideways.
 * - From 42rem it is a table. A column of priority 2 shows from 48rem, 3 from 64rem, 4 from 80rem; below that width
 *   its value moves under the row's title as "label: value", so nothing is lost. Priority 1 (the default), the
 *   primary column and the actions column always show.
 * - Numbers are right-aligned in tabular figures and never wrap; the actions column never gives way.
 */

export type ColumnPriority = 1 | 2 | 3 | 4;

/** What the layout needs of a column (a subset of DataTableColumn). */
export type LayoutColumn = {
  key: string;
  header: ReactNode;
  label?: string;
  priority?: ColumnPriority;
  primary?: boolean;
  actions?: boolean;
  numeric?: boolean;
  wrap?: boolean;
  className?: string;
};

export type ColumnRole = "primary" | "actions" | "field";

export type ResolvedColumn<C extends LayoutColumn> = {
  column: C;
  role: ColumnRole;
  priority: ColumnPriority;
  /** The column's name in plain text (card lines, the lines under a row's title), or "" when it has none. */
  label: string;
  th: string;
  td: string;
  /** For a column that can give way: the class of its "label: value" line under the row's title. */
  more: string | null;
};

/** The table is a list of cards under 42rem of its own width (Tailwind's `@2xl` container size). */
export const CARD = {
  table: "@max-2xl/table:block",
  caption: "@max-2xl/table:block @max-2xl/table:px-0 @max-2xl/table:pb-2",
  thead:
    "@max-2xl/table:block @max-2xl/table:border-0 @max-2xl/table:bg-transparent @max-2xl/table:[&_tr]:flex @max-2xl/table:[&_tr]:flex-wrap @max-2xl/table:[&_tr]:gap-x-3 @max-2xl/table:[&_tr]:gap-y-1 @max-2xl/table:[&_tr]:pb-3",
  tbody: "@max-2xl/table:block @max-2xl/table:space-y-3 @max-2xl/table:divide-y-0",
  // A column: the title first and the actions last, whatever their place in the table (CSS order).
  row: "@max-2xl/table:flex @max-2xl/table:flex-col @max-2xl/table:rounded-lg @max-2xl/table:border @max-2xl/table:border-slate-200 @max-2xl/table:bg-white @max-2xl/table:p-4 @max-2xl/table:shadow-sm",
  /** The box around the table: its border and scrolling belong to the table shape only. */
  frame:
    "@max-2xl/table:overflow-visible @max-2xl/table:rounded-none @max-2xl/table:border-0 @max-2xl/table:bg-transparent",
} as const;

/** From which box width a column of each priority is a column (below it, a line under the row's title). */
const HIDE: Record<ColumnPriority, string> = {
  1: "",
  2: "@2xl/table:@max-3xl/table:hidden",
  3: "@2xl/table:@max-5xl/table:hidden",
  4: "@2xl/table:@max-7xl/table:hidden",
};
const MORE: Record<ColumnPriority, string> = {
  1: "hidden",
  2: "hidden @2xl/table:@max-3xl/table:block",
  3: "hidden @2xl/table:@max-5xl/table:block",
  4: "hidden @2xl/table:@max-7xl/table:block",
};

/** The "Also sort by" line above the table: shown while any sortable column of that priority has given way. */
const SORT_MORE: Record<ColumnPriority, string> = {
  1: "hidden",
  2: "hidden @2xl/table:@max-3xl/table:flex",
  3: "hidden @2xl/table:@max-5xl/table:flex",
  4: "hidden @2xl/table:@max-7xl/table:flex",
};
const SORT_MORE_ITEM: Record<ColumnPriority, string> = {
  1: "hidden",
  2: "hidden @2xl/table:@max-3xl/table:inline-flex",
  3: "hidden @2xl/table:@max-5xl/table:inline-flex",
  4: "hidden @2xl/table:@max-7xl/table:inline-flex",
};

/**
 * Sortable columns that give way keep their sort link: a line above the table lists them while they are hidden
 * (on a card, every sortable header is a chip anyway). `line` is shown while the last of them is hidden.
 */
export function sortLinksGivingWay<C extends LayoutColumn>(
  resolved: ResolvedColumn<C>[],
  sortable: (column: C) => boolean,
) {
  const items = resolved
    .filter((r) => r.more !== null && sortable(r.column))
    .map((r) => ({ column: r.column, className: SORT_MORE_ITEM[r.priority] }));
  const widest = Math.max(1, ...resolved.filter((r) => r.more !== null && sortable(r.column)).map((r) => r.priority));
  return { items, line: SORT_MORE[widest as ColumnPriority] };
}

const CELL = "px-3 py-2";
/** A card's header line of sort links: a sortable header is a chip, the others stay for screen readers only. */
const TH_CARD_SORTABLE =
  "@max-2xl/table:block @max-2xl/table:rounded-full @max-2xl/table:border @max-2xl/table:border-slate-300 @max-2xl/table:bg-white @max-2xl/table:px-2.5 @max-2xl/table:py-0.5 @max-2xl/table:font-medium";
const TH_CARD_PLAIN = "@max-2xl/table:sr-only";

const TD_CARD: Record<ColumnRole | "wrap", string> = {
  primary:
    "@max-2xl/table:order-first @max-2xl/table:block @max-2xl/table:px-0 @max-2xl/table:pt-0 @max-2xl/table:pb-2 @max-2xl/table:text-base @max-2xl/table:whitespace-normal @max-2xl/table:break-words",
  actions:
    "@max-2xl/table:order-last @max-2xl/table:mt-2 @max-2xl/table:block @max-2xl/table:border-t @max-2xl/table:border-slate-100 @max-2xl/table:px-0 @max-2xl/table:pt-3 @max-2xl/table:pb-0",
  field:
    "@max-2xl/table:flex @max-2xl/table:items-baseline @max-2xl/table:justify-between @max-2xl/table:gap-4 @max-2xl/table:px-0 @max-2xl/table:py-1 @max-2xl/table:text-right",
  wrap: "@max-2xl/table:block @max-2xl/table:px-0 @max-2xl/table:py-1",
};

/** The plain-text name of a column: its `label`, else its header when that is text. */
export function labelOf(column: Pick<LayoutColumn, "label" | "header">) {
  if (column.label !== undefined) return column.label;
  return typeof column.header === "string" || typeof column.header === "number" ? String(column.header) : "";
}

/**
 * The role, priority and classes of each column. The primary column is the one marked `primary`, else the first
 * column that is neither actions nor a narrow control (a select box without a label); the actions column is the one
 * marked `actions` (or keyed `actions`). Both always show.
 */
export function resolveColumns<C extends LayoutColumn>(
  columns: C[],
  opts: { sortable?: (column: C) => boolean; layout?: "cards" | "table" } = {},
): ResolvedColumn<C>[] {
  // A table kept a table at every width (`layout="table"`: small tables, side-by-side comparisons) has no cards and
  // no columns that give way: it is small enough to show whole, or scrolls sideways.
  const cards = opts.layout !== "table";
  const isActions = (c: C) => c.actions ?? (c.key === "actions" || c.key === "__actions");
  const marked = columns.find((c) => c.primary);
  const primary = marked ?? columns.find((c) => !isActions(c) && labelOf(c) !== "") ?? null;
  return columns.map((column) => {
    const role: ColumnRole = column === primary ? "primary" : isActions(column) ? "actions" : "field";
    const priority: ColumnPriority = role === "field" && cards ? (column.priority ?? 1) : 1;
    const label = labelOf(column);
    const align = column.numeric ? "text-right tabular-nums whitespace-nowrap" : "";
    // Actions wrap onto more lines only when the table has no room for them side by side.
    const flow = column.numeric || role === "actions" ? "" : column.wrap ? "min-w-40 break-words" : "whitespace-nowrap";
    // On a card, text may wrap beside its label; numbers never do.
    const card = !cards
      ? ""
      : role !== "field"
        ? TD_CARD[role]
        : column.numeric
          ? TD_CARD.field
          : `${column.wrap ? TD_CARD.wrap : TD_CARD.field} @max-2xl/table:whitespace-normal @max-2xl/table:break-words`;
    const sortable = opts.sortable?.(column) ?? false;
    return {
      column,
      role,
      priority,
      label,
      th: join(
        CELL,
        "font-semibold whitespace-nowrap",
        align,
        HIDE[priority],
        cards && (sortable ? TH_CARD_SORTABLE : TH_CARD_PLAIN),
        column.className,
      ),
      td: join(CELL, "text-slate-900", flow, align, HIDE[priority], card, column.className),
      more: priority > 1 ? MORE[priority] : null,
    };
  });
}

/** The columns whose values go under the row's title when their column gives way, in table order. */
export function givingWay<C extends LayoutColumn>(resolved: ResolvedColumn<C>[]) {
  return resolved.filter((r) => r.more !== null);
}

/**
 * Priorities by position, for lists declared without them (the admin engine's): the primary column, the first two
 * other columns and the actions always show; the next gives way under 48rem, the two after it under 64rem, the
 * rest under 80rem. A declared priority wins.
 */
export function priorityByPosition(index: number): ColumnPriority {
  if (index < 2) return 1;
  if (index < 3) return 2;
  if (index < 5) return 3;
  return 4;
}

function join(...parts: (string | undefined | false)[]) {
  return parts.filter(Boolean).join(" ");
}
