import { PAGE_WIDTH } from "~/components/shell/page-width";
import { useShell } from "~/components/shell/use-shell";
import type { ReactNode } from "react";
import type { PageLink } from "../pages.server";
import { proseClass, RelatedPages } from "./content-blocks";

/**
 * Shared chrome for the front-end content pages: title block, readable prose, tables,
 * worked-example boxes and the "Related pages" block. A page whose content is code takes its heading, its intro and
 * its related pages from its row in the pages table when it has one (issue 32, decision 0078: the shell's `page`).
 */

export { pageMeta, SITE_NAME } from "../page-meta";
export {
  Calculation,
  DataTable,
  Example,
  Note,
  proseClass,
  RelatedPageCards,
  RelatedPages,
  Section,
} from "./content-blocks";

export function ContentPage({
  eyebrow,
  title,
  lead,
  updated,
  path,
  related,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** "Last updated" line for policies. */
  updated?: string;
  /** This page's path: its row in the pages table, when it has one, gives its heading, intro and related pages. */
  path: string;
  /** Related pages, for a page without a row of its own (its loader reads them: `relatedPageLinks`). */
  related?: PageLink[];
  children: ReactNode;
}) {
  const row = useShell().page.own;
  // The row of this page, when the writers keep one (its heading and intro win over the code's).
  const own = row && row.path === path ? row : null;
  return (
    <article className={PAGE_WIDTH.guide}>
      <header className="border-b border-slate-200 pb-8">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-sky-800">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{own?.heading ?? title}</h1>
        {own?.intro ? (
          <div
            className="mt-4 text-lg leading-8 text-slate-700 [&_a]:font-medium [&_a]:text-sky-800 [&_a]:underline [&_p+p]:mt-4"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the row's body, sanitised when it was saved
            dangerouslySetInnerHTML={{ __html: own.intro }}
          />
        ) : lead ? (
          <p className="mt-4 text-lg leading-8 text-slate-700">{lead}</p>
        ) : null}
        {updated ? <p className="mt-4 text-sm text-slate-600">Last updated {updated}</p> : null}
      </header>
      <div className={`${proseClass} mt-2`}>{children}</div>
      <RelatedPages path={path} related={related} />
    </article>
  );
}
