import { getServices } from "~/lib/runtime.server";
import { blogFeed } from "~/modules/blog/blog.server";
import type { Route } from "./+types/blogs-rss";

/** /blogs/rss.xml: the blog's RSS 2.0 feed, with absolute links on the request's origin. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const body = await blogFeed({ db }, { origin: new URL(request.url).origin });
  return new Response(body, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
