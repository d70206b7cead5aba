import type { ReactNode } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { PAGE_WIDTH } from "~/components/shell/page-width";

/** An unsubscribe page's frame (the newsletter's and marketing mail's): its heading, what happened, the way home. */
export function UnsubscribeArticle({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className={PAGE_WIDTH.guide}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children}
      <p className="mt-8">
        <Link to={href("/")} className="font-semibold text-sky-800 underline">
          Go to the home page
        </Link>
      </p>
    </article>
  );
}

/** What the page says about the address, as the pages' paragraphs do. */
export const UNSUBSCRIBE_TEXT = "text-lg leading-8 text-slate-700";
