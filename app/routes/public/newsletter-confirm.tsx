import { data, href } from "react-router";
import { Link } from "~/components/ui/link";
import { PAGE_WIDTH } from "~/components/shell/page-width";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { confirmNewsletter } from "~/modules/voices/subscribers.server";
import type { Route } from "./+types/newsletter-confirm";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return [
    ...pageMeta("Newsletter subscription", "Confirm your subscription to the Vacation Points Market newsletter."),
    { name: "robots", content: "noindex" },
  ];
});

/** /newsletter/confirm?token=… (SPEC "newsletter confirmation"): the second step of the double opt-in. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const { email } = await confirmNewsletter(await getServices(), token);
    return { ok: true as const, email, error: null };
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ ok: false as const, email: null, error: err.message }, { status: err.status });
  }
}

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className={PAGE_WIDTH.guide}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {loaderData.ok ? "Your subscription is confirmed" : "We could not confirm this subscription"}
      </h1>
      {loaderData.ok ? (
        <div className="mt-4 space-y-4 text-lg leading-8 text-slate-700">
          <p>
            Thank you: <strong className="[overflow-wrap:anywhere]">{loaderData.email}</strong> will receive our
            newsletter about new resale listings, price trends and guides to buying and selling Disney Vacation Club
            points.
          </p>
          <p>Every newsletter has a link to unsubscribe with one click.</p>
        </div>
      ) : (
        <p className="mt-4 text-lg leading-8 text-slate-700">{loaderData.error}</p>
      )}
      <p className="mt-8">
        <Link to={href("/listings")} className="font-semibold text-sky-800 underline">
          Browse the resale listings
        </Link>
      </p>
    </article>
  );
}
