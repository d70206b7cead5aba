import { data } from "react-router";
import { PageArticle } from "~/components/content/page-article";
import { NotFound } from "~/components/shell/not-found";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { getPublishedPage, routeOfPath } from "~/modules/content/pages.server";
import type { Route } from "./+types/content-page";

/**
 * Issue 32 (decision 0078): every content page kept as a row of the pages table, at its own address (the former guide
 * routes point here) and at any other address no route claims (a page the staff add at /admin/frontend-pages). A path
 * with no published page is the one not-found page, with a 404.
 */
export async function loader({ url }: Route.LoaderArgs) {
  // `url`, not `request.url`: a client-side navigation asks for "/about-us.data", which names no page.
  const route = routeOfPath(url.pathname);
  if (!route) return data({ page: null }, { status: 404 });
  try {
    return { page: await getPublishedPage((await getServices()).db, route) };
  } catch (err) {
    if (isAppError(err) && err.code === "NOT_FOUND") return data({ page: null }, { status: 404 });
    throw err;
  }
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const page = loaded?.page;
  if (!page) return [{ title: "Page not found | Vacation Points Market" }, { name: "robots", content: "noindex" }];
  return [
    ...pageMeta(page.title, page.description),
    ...(page.metaKeywords ? [{ name: "keywords", content: page.metaKeywords }] : []),
  ];
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.page ? <PageArticle page={loaderData.page} /> : <NotFound />;
}
