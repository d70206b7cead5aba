import { data } from "react-router";
import { PageArticle } from "~/components/content/page-article";
import { NotFound } from "~/components/errors/not-found";
import { samePlace } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { getPublishedPage, routeOfPath } from "~/modules/content/pages.server";
import type { Route } from "./+types/content-page";
import { withSeo } from "~/modules/seo/seo-meta";
import { postContactForm } from "./contact-form.server";

/**
 * Issue 32 (decision 0078): every content page kept as a row of the pages table, at its own address (the former guide
 * routes point here) and at any other address no route claims (a page the staff add at /admin/frontend-pages). A path
 * with no published page is the one not-found page, with a 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  // The page's own path: a client-side navigation asks for `<path>.data`, which is not part of the page's route.
  const route = routeOfPath(new URL(samePlace(request), request.url).pathname);
  if (!route) return data({ page: null }, { status: 404 });
  try {
    return { page: await getPublishedPage((await getServices()).db, route) };
  } catch (err) {
    if (isAppError(err) && err.code === "NOT_FOUND") return data({ page: null }, { status: 404 });
    throw err;
  }
}

/** A page that places the contact form takes its post (issue 32); any other page refuses a post with 405. */
export function action({ request }: Route.ActionArgs) {
  return postContactForm(request);
}

export const meta: Route.MetaFunction = withSeo(({ loaderData: loaded }: Route.MetaArgs) => {
  const page = loaded?.page;
  if (!page) return [{ title: "Page not found | Vacation Points Market" }, { name: "robots", content: "noindex" }];
  return [
    ...pageMeta(page.title, page.description),
    ...(page.metaKeywords ? [{ name: "keywords", content: page.metaKeywords }] : []),
  ];
});

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.page ? <PageArticle page={loaderData.page} /> : <NotFound />;
}
