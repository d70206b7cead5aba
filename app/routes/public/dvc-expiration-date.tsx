import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatPerPoint, formatNumber } from "~/lib/format";
import { formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, DataTable, pageMeta, Section } from "~/modules/content/ui/content-page";
import { annualisedCost, yearsLeft } from "~/modules/resorts/dues-prices";
import { resortPrices } from "~/modules/resorts/dues-prices.server";
import { PricePagesNav } from "~/modules/resorts/ui/price-pages";
import type { Route } from "./+types/dvc-expiration-date";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "When DVC contracts expire: years left per resort",
    "The year each Disney Vacation Club resort's contracts end, the years left, and what that does to a point's value: the yearly cost of a point, from our own market's prices and the resort's dues.",
  );
});

export async function loader() {
  const { db } = await getServices();
  const year = new Date().getUTCFullYear();
  const prices = await resortPrices(db);
  const rows = prices.resorts
    .filter((r) => r.contractEndYear !== null)
    .map((r) => {
      const left = yearsLeft(r.contractEndYear ?? year, year);
      const price = r.asking.medianCents ?? r.sold.medianCents;
      const dues = r.latestDues;
      return {
        code: r.code,
        name: r.name,
        slug: r.slug,
        endYear: r.contractEndYear,
        extendedEndYear: r.extendedEndYear,
        source: r.endYearSource,
        yearsLeft: left,
        price,
        priceFrom: r.asking.medianCents !== null ? "asking" : r.sold.medianCents !== null ? "sold" : null,
        priceCount: r.asking.medianCents !== null ? r.asking.count : r.sold.count,
        dues,
        annualised:
          price !== null && dues
            ? annualisedCost({ pricePerPointCents: price, yearsLeft: left, duesPerPointCents: dues.perPointCents })
            : null,
      };
    })
    // Cheapest yearly cost first; resorts we cannot price after, by years left.
    .sort(
      (a, b) =>
        (a.annualised ?? Number.POSITIVE_INFINITY) - (b.annualised ?? Number.POSITIVE_INFINITY) ||
        b.yearsLeft - a.yearsLeft,
    );
  return {
    year,
    rows,
    marketDate: prices.dates.market ? formatDateEastern(prices.dates.market) : null,
    related: await relatedPageLinks(db, [href("/resorts"), href("/dvc-annual-dues"), href("/how-dvc-works")]),
  };
}

export default function ExpirationPage({ loaderData }: Route.ComponentProps) {
  const { year, rows, marketDate } = loaderData;
  const okw = rows.find((r) => r.extendedEndYear);
  return (
    <ContentPage
      path={href("/dvc-expiration-date")}
      eyebrow="Buying guide"
      title="DVC contract end dates"
      lead="Every Disney Vacation Club contract ends on January 31 of its resort's end year, and the points are gone with it. A contract with fewer years left should cost less per point: here is how much less."
      related={loaderData.related}
    >
      <PricePagesNav current={href("/dvc-expiration-date")} />
      <Section id="years-left" title="Years left and the yearly cost of a point">
        <p>
          Method: years left count from {year} to the end year. The yearly cost of a point spreads its price over the
          years left and adds a year's dues: price per point ÷ years left + dues per point. The price is our own
          market's median asking price at the resort now (or, with nothing listed, the median sold price of the last 12
          months), with how many contracts it is the median of; the dues are the latest on record, and an estimate says
          so. The table is sorted by that yearly cost, cheapest first. The market's medians are recomputed every hour
          {marketDate ? ` (last on ${marketDate})` : ""}.
        </p>
        <DataTable
          caption="Contract end year, years left and yearly cost per point, by resort"
          head={["Resort", "Contracts end", "Years left", "Price per point", "Dues per point", "Yearly cost per point"]}
          numeric={[2, 3, 4, 5]}
          rows={rows.map((r) => [
            <Link key={r.code} to={href("/resorts/:resort", { resort: r.slug })}>
              {r.name}
            </Link>,
            <span key="end">
              Jan 31, {r.endYear}
              {r.extendedEndYear ? ` (extended contracts: ${r.extendedEndYear})` : ""}
              {r.source ? <span className="block text-xs text-slate-600">Source: {r.source}</span> : null}
            </span>,
            formatNumber(r.yearsLeft),
            r.price !== null
              ? `${formatPerPoint(r.price)} (${r.priceFrom === "asking" ? "asking" : "sold"}, ${r.priceCount})`
              : "No listings or sales",
            r.dues
              ? `${r.dues.estimated ? "About " : ""}${formatPerPoint(r.dues.perPointCents)} (${r.dues.year}${r.dues.estimated ? ", est." : ""})`
              : "Not on record",
            r.annualised !== null ? formatPerPoint(r.annualised) : "–",
          ])}
        />
      </Section>
      <Section id="what-it-means" title="What the end year does to value">
        <ul>
          <li>
            <strong>Fewer years, lower price.</strong> A point at a resort ending in 2042 gives about half the years of
            one ending in 2060, so buyers pay less for it; the yearly cost above puts them on one scale.
          </li>
          <li>
            <strong>Dues weigh more near the end.</strong> With few years left, the price spread over them is small and
            the dues are most of the yearly cost.
          </li>
          {okw ? (
            <li>
              <strong>{okw.name}'s extension.</strong> Its original contracts end in {okw.endYear}; contracts that were
              extended run to {okw.extendedEndYear}. A listing says which it is, so check before comparing.
            </li>
          ) : null}
        </ul>
      </Section>
    </ContentPage>
  );
}
