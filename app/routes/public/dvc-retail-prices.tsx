import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatPerPoint } from "~/lib/format";
import { formatCalendarDate, formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, DataTable, pageMeta, Section } from "~/modules/content/ui/content-page";
import { resortPrices } from "~/modules/resorts/dues-prices.server";
import { PricePagesNav } from "~/modules/resorts/ui/price-pages";
import type { Route } from "./+types/dvc-retail-prices";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "Disney Vacation Club direct (retail) prices per point",
    "What Disney charges per point for a new DVC contract at each resort, dated and sourced, with the history we have on record.",
  );
});

export async function loader() {
  const { db } = await getServices();
  const prices = await resortPrices(db);
  return {
    dataDate: prices.dates.retail ? formatDateEastern(prices.dates.retail) : null,
    resorts: prices.resorts
      .filter((r) => r.retail.length > 0)
      .map((r) => ({ code: r.code, name: r.name, slug: r.slug, retail: r.retail })),
    without: prices.resorts.filter((r) => r.retail.length === 0).map((r) => r.name),
    related: await relatedPageLinks(db, [href("/dvc-annual-dues"), href("/resorts"), href("/how-dvc-works")]),
  };
}

export default function RetailPricesPage({ loaderData }: Route.ComponentProps) {
  const { resorts, without, dataDate } = loaderData;
  return (
    <ContentPage
      path={href("/dvc-retail-prices")}
      eyebrow="Buying guide"
      title="DVC direct prices from Disney"
      lead="Disney sells new points at its own price per point, resort by resort. Resale contracts usually cost far less; this page lists the direct prices we have on record, each with its date and source."
      related={loaderData.related}
    >
      <PricePagesNav current={href("/dvc-retail-prices")} />
      <Section id="latest" title="Direct price per point at each resort">
        <p>
          Method: for each resort, the latest direct price on record and the date it applied. Disney changes its prices
          several times a year, so an older date is a reference, not today's offer.
          {dataDate ? ` Our figures last changed on ${dataDate}.` : ""}
        </p>
        <DataTable
          caption="Disney's direct price per point, latest on record"
          head={["Resort", "Price per point", "Date", "Source"]}
          numeric={[1]}
          rows={resorts.map((r) => {
            const latest = r.retail[r.retail.length - 1];
            return [
              <Link key={r.code} to={href("/resorts/:resort", { resort: r.slug })}>
                {r.name}
              </Link>,
              formatPerPoint(latest.perPointCents),
              formatCalendarDate(latest.pricedOn),
              latest.source,
            ];
          })}
          footnote={without.length ? `No direct price on record for: ${without.join(", ")}.` : undefined}
        />
      </Section>
      <Section id="history" title="Direct prices over time">
        <p>Every direct price we have on record, resort by resort, oldest first.</p>
        <DataTable
          caption="Direct price history by resort"
          head={["Resort", "Date", "Price per point"]}
          numeric={[2]}
          rows={resorts.flatMap((r) =>
            r.retail.map((p) => [r.name, formatCalendarDate(p.pricedOn), formatPerPoint(p.perPointCents)]),
          )}
        />
        <p>
          See how these compare with what resale buyers pay on{" "}
          <Link to={href("/dvc-compare-prices")}>resale against direct prices</Link>.
        </p>
      </Section>
    </ContentPage>
  );
}
