import { data, href } from "react-router";
import { Link } from "~/components/ui/link";
import { isAppError } from "~/lib/errors";
import { formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { getHelpPage } from "~/modules/blog/blog.server";
import { pageMeta } from "~/modules/content/page-meta";
import type { Route } from "./+types/help-page";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  if (!loaderData)
    return [
      ...pageMeta("Article not found", "We could not find this help article."),
      { name: "robots", content: "noindex" },
    ];
  return pageMeta(`${loaderData.page.title} · Help centre`, loaderData.page.summary);
});

/** /help/:slug: one help article and the others of its category. */
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  try {
    return await getHelpPage({ db }, { slug: params.slug });
  } catch (err) {
    if (isAppError(err) && err.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw err;
  }
}

export default function HelpArticlePage({ loaderData }: Route.ComponentProps) {
  const { page, siblings } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={href("/help")} className="text-sky-800 underline">
          Help centre
        </Link>
        <span aria-hidden="true"> › </span>
        <Link to={`${href("/help")}#${page.category.slug}`} className="text-sky-800 underline">
          {page.category.name}
        </Link>
      </nav>
      <article className="mt-4">
        <h1 className="text-3xl font-bold leading-tight text-slate-900">{page.title}</h1>
        <p className="mt-2 text-lg text-slate-700">{page.summary}</p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed rich text (sanitizeRichText, decision 0028) */}
        <div className="rich-text mt-6 text-slate-900" dangerouslySetInnerHTML={{ __html: page.html }} />
        <p className="mt-8 text-sm text-slate-600">
          Updated <time dateTime={page.updatedAt}>{formatDateEastern(page.updatedAt)}</time>
        </p>
      </article>
      {siblings.length ? (
        <nav aria-labelledby="more-heading" className="mt-10 border-t border-slate-200 pt-6">
          <h2 id="more-heading" className="text-xl font-semibold text-slate-900">
            More in {page.category.name}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            {siblings.map((s) => (
              <li key={s.slug}>
                <Link to={href("/help/:slug", { slug: s.slug })} className="text-sky-800 underline">
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
