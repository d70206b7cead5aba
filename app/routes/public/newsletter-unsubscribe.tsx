import { data } from "react-router";
import { UNSUBSCRIBE_TEXT, UnsubscribeArticle } from "~/components/ui/unsubscribe-article";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { unsubscribeNewsletter } from "~/modules/voices/subscribers.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return [
    ...pageMeta("Unsubscribed from the newsletter", "Stop receiving the Vacation Points Market newsletter."),
    { name: "robots", content: "noindex" },
  ];
});

async function unsubscribe(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const { email } = await unsubscribeNewsletter(await getServices(), token);
    return data({ ok: true as const, email, error: null });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ ok: false as const, email: null, error: err.message }, { status: err.status });
  }
}

/**
 * /newsletter/unsubscribe?token=… (SPEC "newsletter unsubscribe"): one click, no sign-in. A GET (the mail's link)
 * and a POST (a mail program's one-click unsubscribe, RFC 8058) both end the subscription.
 */
export function loader({ request }: Route.LoaderArgs) {
  return unsubscribe(request);
}

export function action({ request }: Route.ActionArgs) {
  return unsubscribe(request);
}

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  return (
    <UnsubscribeArticle title={result.ok ? "You are unsubscribed" : "We could not unsubscribe this address"}>
      {result.ok ? (
        <div className={`mt-4 space-y-4 ${UNSUBSCRIBE_TEXT}`}>
          <p>
            <strong className="[overflow-wrap:anywhere]">{result.email}</strong> will get no more newsletters from us.
            Mail about your own listings, offers and closings still comes, as it belongs to your account.
          </p>
          <p>Changed your mind? Sign up again in the footer of any page.</p>
        </div>
      ) : (
        <p className={`mt-4 ${UNSUBSCRIBE_TEXT}`}>{result.error}</p>
      )}
    </UnsubscribeArticle>
  );
}
