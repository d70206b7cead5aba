import { data, Form, href } from "react-router";
import { Link } from "~/components/ui/link";
import { Pager } from "~/components/ui/pager";
import { isAppError } from "~/lib/errors";
import { plural } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { listPublishedPosts, readBlogQuery } from "~/modules/blog/blog.server";
import { PostCard } from "~/modules/blog/ui/post-card";
import { pageMeta } from "~/modules/content/page-meta";
import type { Route } from "./+types/blogs";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  const topic = loaderData?.topic?.name;
  return [
    ...pageMeta(
      topic ? `${topic} · DVC blog` : "DVC blog",
      "Guides to buying and selling Disney Vacation Club points on the resale market: use years, banking, ROFR, closing, dues and resale restrictions.",
    ),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "DVC blog", href: href("/blogs/rss.xml") },
  ];
});

/** /blogs (SPEC blogs.index): published posts, newest first, by topic, searched by words, nine a page. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const query = readBlogQuery(new URL(request.url).searchParams);
  try {
    return { ...(await listPublishedPosts({ db }, query)), q: query.q };
  } catch (err) {
    if (isAppError(err) && err.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw err;
  }
}

function listHref(args: { topic?: string | null; q?: string | null; page?: number }) {
  const p = new URLSearchParams();
  if (args.topic) p.set("topic", args.topic);
  if (args.q) p.set("q", args.q);
  if (args.page && args.page > 1) p.set("page", String(args.page));
  const qs = p.toString();
  return qs ? `${href("/blogs")}?${qs}` : href("/blogs");
}

const chip = "inline-flex min-h-10 items-center rounded-full border px-3 text-sm font-medium";

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, totalPages, topics, topic, q } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">DVC blog</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-700">
        Plain guides to buying and selling Disney Vacation Club points on the resale market, from use years and banking
        to the right of first refusal and closing.{" "}
        <a href={href("/blogs/rss.xml")} className="text-sky-800 underline">
          Follow by RSS
        </a>
        .
      </p>
      <Form method="get" action={href("/blogs")} className="mt-6 flex max-w-xl flex-wrap items-end gap-2" role="search">
        {topic ? <input type="hidden" name="topic" value={topic.slug} /> : null}
        <div className="min-w-0 flex-1">
          <label htmlFor="blog-q" className="block text-sm font-medium text-slate-800">
            Search the blog
          </label>
          <input
            id="blog-q"
            name="q"
            type="search"
            defaultValue={q ?? ""}
            maxLength={100}
            className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2 text-base"
          />
        </div>
        <button type="submit" className="min-h-10 rounded-md bg-sky-800 px-4 font-semibold text-white hover:bg-sky-900">
          Search
        </button>
      </Form>
      <nav aria-label="Topics" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={listHref({ q })}
              aria-current={topic ? undefined : "page"}
              className={`${chip} ${topic ? "border-slate-300 text-slate-800 hover:bg-slate-100" : "border-sky-800 bg-sky-800 text-white"}`}
            >
              All topics
            </Link>
          </li>
          {topics.map((t) => (
            <li key={t.slug}>
              <Link
                to={listHref({ topic: t.slug, q })}
                aria-current={topic?.slug === t.slug ? "page" : undefined}
                className={`${chip} ${topic?.slug === t.slug ? "border-sky-800 bg-sky-800 text-white" : "border-slate-300 text-slate-800 hover:bg-slate-100"}`}
              >
                {t.name} ({t.posts})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-6 text-slate-700" aria-live="polite">
        {plural(total, "post")}
        {topic ? ` on ${topic.name}` : ""}
        {q ? ` matching “${q}”` : ""}.
      </p>
      {posts.length === 0 ? (
        <p className="mt-4 text-slate-800">
          No post matches.{" "}
          <Link to={href("/blogs")} className="text-sky-800 underline">
            See every post
          </Link>
          .
        </p>
      ) : (
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((p) => (
            <PostCard key={p.slug} post={p} />
          ))}
        </div>
      )}
      <Pager page={page} totalPages={totalPages} hrefFor={(n) => listHref({ topic: topic?.slug, q, page: n })} />
    </div>
  );
}
