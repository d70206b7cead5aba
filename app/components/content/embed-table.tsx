import type { ReactNode } from "react";

/**
 * The plain table the content embeds share (issue 32): a caption, column headers with `scope="col"`, the first cell
 * of each row a row header, numbers right-aligned; at 375 px it scrolls sideways inside a focusable region, so
 * the page never does. Server-rendered, no script.
 */
export function EmbedTable({
  caption,
  head,
  rows,
  numeric = [],
  footnote,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  /** Column indexes to right-align. */
  numeric?: number[];
  footnote?: ReactNode;
}) {
  const align = (i: number) => (numeric.includes(i) ? "text-right tabular-nums" : "text-left");
  return (
    <figure className="my-6">
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
        tabIndex={0}
        aria-label={caption}
        data-scrolls-sideways
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white [&_a]:text-sky-800 [&_a]:underline [&_a]:underline-offset-2"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="border-b border-slate-200 bg-slate-100 px-3 py-2 text-left font-semibold text-slate-900 sm:px-4">
            {caption}
          </caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th
                  key={h}
                  scope="col"
                  className={`border-b border-slate-200 px-2 py-2 font-semibold text-slate-900 sm:px-4 ${align(i)}`}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static rows of a server-rendered table
              <tr key={r} className="odd:bg-white even:bg-slate-50">
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                      key={i}
                      scope="row"
                      className={`border-b border-slate-100 px-2 py-2 font-medium text-slate-900 sm:px-4 ${align(0)}`}
                    >
                      {cell}
                    </th>
                  ) : (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                      key={i}
                      className={`border-b border-slate-100 px-2 py-2 text-slate-700 sm:px-4 ${align(i)}`}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {footnote ? <figcaption className="mt-2 text-sm text-slate-600">{footnote}</figcaption> : null}
    </figure>
  );
}

/** A short note in place of a table when the data holds nothing to show. */
export function EmbedNote({ children }: { children: ReactNode }) {
  return <p className="my-6 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">{children}</p>;
}
