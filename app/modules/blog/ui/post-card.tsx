import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatDateEastern } from "~/lib/format-dates";
import type { PostCard as Post } from "../blog.server";

/** A post in a list: its cover, topic, title (the link), summary, author and date. */
export function PostCard({ post, headingLevel = 2 }: { post: Post; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {post.coverImage ? (
        <img
          src={post.coverImage}
          alt={post.coverAlt ?? ""}
          width={640}
          height={360}
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-medium text-sky-800">{post.topic.name}</p>
        <Heading className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={href("/blogs/:slug", { slug: post.slug })} className="hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="text-slate-700">{post.excerpt}</p>
        <p className="mt-auto text-sm text-slate-600">
          {post.author ? `${post.author} · ` : ""}
          <time dateTime={post.publishedAt}>{formatDateEastern(post.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}
