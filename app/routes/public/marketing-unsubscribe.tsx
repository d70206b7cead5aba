import { data, Form } from "react-router";
import { UNSUBSCRIBE_TEXT, UnsubscribeArticle } from "~/components/ui/unsubscribe-article";
import { Button } from "~/components/ui/button";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { unsubscribeByToken, unsubscribeTokenEmail } from "~/modules/marketing/marketing.server";
import { pageMeta } from "~/modules/content/page-meta";
import { withSeo } from "~/modules/seo/seo-meta";
import type { Route } from "./+types/marketing-unsubscribe";

export const meta: Route.MetaFunction = withSeo(() => [
  ...pageMeta("Unsubscribe from marketing mail", "Stop receiving marketing mail from Vacation Points Market."),
  { name: "robots", content: "noindex" },
]);

const BAD_LINK =
  "This unsubscribe link is not valid: it may have been cut or changed. Copy the whole link from the mail.";

/**
 * /unsubscribe/:token (decision 0087): a marketing mail's unsubscribe. GET shows the address and a button (a link
 * checker or a preview that follows the link unsubscribes nobody); POST, from that button or from a mail program's
 * one-click unsubscribe (RFC 8058, exempt from the cross-site refusal in root.tsx), unsubscribes at once.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { config } = await getServices();
  const email = unsubscribeTokenEmail(config.authSecret, params.token);
  // A path that names no address is a page that does not exist: 404, with what to do.
  if (!email) return data({ state: "bad" as const, email: null, error: BAD_LINK }, { status: 404 });
  return data({ state: "ask" as const, email, error: null });
}

export async function action({ params }: Route.ActionArgs) {
  const services = await getServices();
  try {
    const { email } = await unsubscribeByToken({ db: services.db, secret: services.config.authSecret }, params.token);
    return data({ state: "done" as const, email, error: null });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ state: "bad" as const, email: null, error: err.message }, { status: err.status });
  }
}

export default function MarketingUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  const title =
    result.state === "done"
      ? "You are unsubscribed"
      : result.state === "ask"
        ? "Unsubscribe from marketing mail"
        : "We could not unsubscribe this address";
  return (
    <UnsubscribeArticle title={title}>
      {result.state === "done" ? (
        <p className={`mt-4 ${UNSUBSCRIBE_TEXT}`}>
          <strong className="[overflow-wrap:anywhere]">{result.email}</strong> will get no more marketing mail or
          newsletters from us. Mail about your own listings, offers and closings still comes, as it belongs to your
          account.
        </p>
      ) : result.state === "ask" ? (
        <Form method="post" className="mt-4 space-y-4">
          <p className={UNSUBSCRIBE_TEXT}>
            Stop all marketing mail and newsletters to{" "}
            <strong className="[overflow-wrap:anywhere]">{result.email}</strong>?
          </p>
          <Button type="submit">Unsubscribe</Button>
        </Form>
      ) : (
        <p className={`mt-4 ${UNSUBSCRIBE_TEXT}`}>{result.error}</p>
      )}
    </UnsubscribeArticle>
  );
}
