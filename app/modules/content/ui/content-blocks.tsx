import type { ReactNode } from "react";
import { useShell } from "~/components/shell/use-shell";
import { Link } from "~/components/ui/link";
import type { PageLink } from "../pages.server";

/**
 * The pieces the content pages are made of: readable prose, tables, worked examples, notes and the "Related pages"
 * block. The resort pages use them without the content pages' frame (`ContentPage`), so they are a module of their
 * own: a page loads only what it imports (issue 34's 30 KB of our own JavaScript).
 */

/** Descendant styles for long-form text (the project has no typography plugin). */
export const proseClass = [
  "text-base leading-7 text-slate-700",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_a]:font-medium [&_a]:text-sky-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-sky-950",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
  // Rich text written at /admin/frontend-pages: a quote is the guides' notice, a table the guides' table.
  "[&_blockquote]:mt-6 [&_blockquote]:rounded-lg [&_blockquote]:border-l-4 [&_blockquote]:border-amber-500 [&_blockquote]:bg-amber-50 [&_blockquote]:px-4 [&_blockquote]:py-3 [&_blockquote]:text-slate-800 [&_blockquote>p:first-child]:mt-0",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_caption]:bg-slate-100 [&_caption]:px-4 [&_caption]:py-2 [&_caption]:text-left [&_caption]:font-semibold [&_caption]:text-slate-900",
  "[&_th]:border-b [&_th]:border-slate-200 [&_th]:px-2 [&_th]:py-2 [&_th]:text-left [&_th]:align-top [&_th]:font-semibold [&_th]:text-slate-900 sm:[&_th]:px-4",
  "[&_td]:border-b [&_td]:border-slate-100 [&_td]:px-2 [&_td]:py-2 [&_td]:align-top sm:[&_td]:px-4 [&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
].join(" ");

/**
 * The "Related pages" block (SPEC "Other shell elements"): the related pages of this path's row in the pages table, or
 * for a page without a row (a resort's page) the pages its loader read (`relatedPageLinks`).
 */
export function RelatedPages({ path, related }: { path: string; related?: PageLink[] }) {
  const { own } = useShell().page;
  return <RelatedPageCards links={own && own.path === path ? own.related : (related ?? [])} />;
}

/** Cards of pages, each its heading and description. */
export function RelatedPageCards({ links }: { links: PageLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="related-pages" className="mt-16 border-t border-slate-200 pt-8">
      <h2 id="related-pages" className="text-xl font-semibold text-slate-900">
        Related pages
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {links.map((p) => (
          <li key={p.path}>
            <Link
              to={p.path}
              className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-sky-700 hover:bg-sky-50"
            >
              <span className="font-semibold text-sky-800">{p.heading}</span>
              <span className="mt-1 block text-sm text-slate-700">{p.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A titled section; `id` makes it a link target (/how-dvc-works#closing). */
export function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="scroll-mt-24">
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {children}
    </section>
  );
}

/** A table that scrolls sideways on narrow screens and can be reached by keyboard while it does. */
export function DataTable({
  caption,
  head,
  rows,
  footnote,
  numeric = [],
}: {
  caption: string;
  head: ReactNode[];
  rows: ReactNode[][];
  footnote?: ReactNode;
  /** Column indexes to right-align. */
  numeric?: number[];
}) {
  // The cells' look is `.data-table`'s (app.css), not a class list on each cell: the market page's four tables have
  // 500 cells, and their class lists were a quarter of its HTML (issue 34).
  const num = (i: number) => (numeric.includes(i) ? "num" : undefined);
  return (
    // A guide's column is a reading measure; its tables take the width they need from 1024 px (up to 64rem,
    // centred on the column), and scroll sideways below that (issue 27).
    <figure className="mt-6 lg:relative lg:left-1/2 lg:w-max lg:min-w-full lg:max-w-[min(64rem,calc(100vw-4rem))] lg:-translate-x-1/2">
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={caption}
        data-scrolls-sideways
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      >
        <table className="data-table w-full border-collapse text-sm">
          <caption className="border-b border-slate-200 bg-slate-100 px-4 py-2 text-left font-semibold text-slate-900">
            {caption}
          </caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  key={i}
                  scope="col"
                  className={num(i)}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static rows
              <tr key={r}>
                {row.map((cell, i) => {
                  const Cell = i === 0 ? "th" : "td";
                  return (
                    <Cell
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                      key={i}
                      scope={i === 0 ? "row" : undefined}
                      className={i === 0 ? undefined : num(i)}
                    >
                      {cell}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {footnote ? <figcaption className="mt-2 text-sm text-slate-600">{footnote}</figcaption> : null}
    </figure>
  );
}

/** A boxed worked example. */
export function Example({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside aria-label={title} className="mt-6 rounded-lg border border-sky-200 bg-sky-50 p-5">
      <p className="mt-0! font-semibold text-sky-950">{title}</p>
      <div className="text-slate-800">{children}</div>
    </aside>
  );
}

/** A line-by-line calculation: label on the left, amount on the right. */
export function Calculation({ lines }: { lines: { label: ReactNode; value: ReactNode; total?: boolean }[] }) {
  return (
    <dl className="mt-4 divide-y divide-sky-200 rounded-md bg-white/70">
      {lines.map((l, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: static lines
          key={i}
          className={`flex items-baseline justify-between gap-4 px-3 py-2 ${l.total ? "font-semibold text-slate-900" : ""}`}
        >
          <dt>{l.label}</dt>
          <dd className="shrink-0 tabular-nums">{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A short notice that stands out from the text. */
export function Note({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-slate-800 [&>p:first-child]:mt-0">
      {children}
    </div>
  );
}
