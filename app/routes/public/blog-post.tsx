import { data, href } from "react-router";
import { Link } from "~/components/ui/link";
import { isAppError } from "~/lib/errors";
import { formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { getPublishedPost } from "~/modules/blog/blog.server";
import { PostCard } from "~/modules/blog/ui/post-card";
import { pageMeta } from "~/modules/content/page-meta";
import type { Route } from "./+types/blog-post";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  if (!loaderData)
    return [...pageMeta("Post not found", "We could not find this post."), { name: "robots", content: "noindex" }];
  const p = loaderData.post;
  return [
    ...pageMeta(p.title, p.excerpt),
    { property: "og:type", content: "article" },
    { property: "article:published_time", content: p.publishedAt },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: p.title,
        description: p.excerpt,
        datePublished: p.publishedAt,
        dateModified: p.updatedAt,
        ...(p.author ? { author: { "@type": "Person", name: p.author } } : {}),
        articleSection: p.topic.name,
      },
    },
  ];
});

/** /blogs/:slug (SPEC "single post"): a published post with its author, date, topic, reading time and related posts. */
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  try {
    return await getPublishedPost({ db }, { slug: params.slug });
  } catch (err) {
    if (isAppError(err) && err.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw err;
  }
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={href("/blogs")} className="text-sky-800 underline">
          DVC blog
        </Link>
        <span aria-hidden="true"> › </span>
        <Link to={`${href("/blogs")}?topic=${post.topic.slug}`} className="text-sky-800 underline">
          {post.topic.name}
        </Link>
      </nav>
      <article className="mt-4">
        <h1 className="text-3xl font-bold leading-tight text-slate-900">{post.title}</h1>
        <p className="mt-3 text-sm text-slate-700" data-testid="post-byline">
          {post.author ? <span>By {post.author} · </span> : null}
          <time dateTime={post.publishedAt}>{formatDateEastern(post.publishedAt)}</time>
          <span> · {post.topic.name}</span>
          <span> · {post.minutes} min read</span>
        </p>
        {post.coverImage ? (
          <img
            src={post.coverImage}
            alt={post.coverAlt ?? ""}
            width={1200}
            height={675}
            className="mt-6 aspect-video w-full rounded-lg object-cover"
          />
        ) : null}
        <p className="mt-6 text-lg text-slate-800">{post.excerpt}</p>
        {/* Allow-listed HTML (lib/rich-text.server.ts), sanitized again when read. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed rich text (sanitizeRichText, decision 0028) */}
        <div className="rich-text mt-6 text-slate-900" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      {related.length ? (
        <section aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-8">
          <h2 id="related-heading" className="text-xl font-semibold text-slate-900">
            More on {post.topic.name}
          </h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2">
            {related.map((p) => (
              <PostCard key={p.slug} post={p} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
