import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { getServices } from "~/lib/runtime.server";
import { getHelpCentre } from "~/modules/blog/blog.server";
import { pageMeta } from "~/modules/content/page-meta";
import type { Route } from "./+types/help";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "Help centre",
    "How buying and selling DVC points works here: making an offer, deposits and escrow, the ROFR wait, closing documents and listing your contract.",
  );
});

/** /help (SPEC "support pages", public side; decision 0080): the help articles, grouped by category. */
export async function loader() {
  const { db } = await getServices();
  return { categories: await getHelpCentre({ db }) };
}

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Help centre</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-700">
        Answers about each step of buying or selling a contract here, from the first offer to the points in your
        account.
      </p>
      {categories.length > 1 ? (
        <nav aria-label="Categories" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.slug}>
                <a
                  href={`#${c.slug}`}
                  className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
                >
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {categories.length === 0 ? <p className="mt-6">The help centre has no articles yet.</p> : null}
      {categories.map((c) => (
        <section key={c.slug} id={c.slug} aria-labelledby={`${c.slug}-heading`} className="mt-10 scroll-mt-24">
          <h2 id={`${c.slug}-heading`} className="text-2xl font-semibold text-slate-900">
            {c.name}
          </h2>
          {c.description ? <p className="mt-1 text-slate-700">{c.description}</p> : null}
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {c.pages.map((p) => (
              <li key={p.slug} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <h3 className="font-semibold text-slate-900">
                  <Link to={href("/help/:slug", { slug: p.slug })} className="text-sky-900 hover:underline">
                    {p.title}
                  </Link>
                </h3>
                <p className="mt-1 text-slate-700">{p.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
