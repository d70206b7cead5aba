import { LazyErrorPage as ErrorPage } from "~/components/errors/lazy-error-page";
import { ListingQuestionPanel } from "~/modules/contact/ui/listing-question-panel";
import { ListingDetailView, ListingJsonLd, listingPageMeta } from "~/modules/listings/ui/listing-detail";
import { ClosingCostEstimate } from "~/modules/title-companies/ui/closing-cost-estimate";
import type { Route } from "./+types/listing-info";
import { askAboutListing, loadListingPage } from "./listing-page.server";
import { withSeo } from "~/modules/seo/seo-meta";

/** The right-side tool menu knows it is on a listing page (and reads params.id). */
export const handle = { listingPage: true };

export function loader({ request, params }: Route.LoaderArgs) {
  return loadListingPage(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return askAboutListing(request, params.id);
}

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  return listingPageMeta(loaderData);
});

export default function ListingInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, origin, sender } = loaderData;
  return (
    <>
      <ListingJsonLd listing={listing} origin={origin} />
      <ListingDetailView
        listing={listing}
        aside={
          <ListingQuestionPanel
            listingCode={listing.listingCode}
            forSale={listing.visibility === "public"}
            actionData={actionData}
            sentId={actionData && "sentId" in actionData ? Number(actionData.sentId) : null}
            defaults={sender}
          />
        }
      />
      <ClosingCostEstimate estimate={loaderData.closingCosts} financeLink standalone />
    </>
  );
}

/** A listing that is gone: the one not-found page with its own words, inside the page's frame (and this page's title). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
