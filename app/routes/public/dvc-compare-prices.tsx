import { data, Form, href } from "react-router";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formatDollars, formatNumber, formatPerPoint, formatPrice } from "~/lib/format";
import { formatCalendarDate, formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, DataTable, Note, pageMeta, Section } from "~/modules/content/ui/content-page";
import { asksCalculation, readCompareCalc } from "~/modules/resorts/calculator-input";
import { assumedGrowth, compareContract, RECENT_SALES_DAYS } from "~/modules/resorts/dues-prices";
import { resortPrices } from "~/modules/resorts/dues-prices.server";
import { ContractFields, DuesGrowthField, PricePagesNav } from "~/modules/resorts/ui/price-pages";
import { latestMembershipValues } from "~/modules/market/market.server";
import { estimateClosingCosts } from "~/modules/title-companies/closing-cost-estimate.server";
import { ClosingCostEstimate } from "~/modules/title-companies/ui/closing-cost-estimate";
import type { Route } from "./+types/dvc-compare-prices";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "DVC resale prices against Disney's direct prices",
    "Resale price per point from our own listings and sales against Disney's direct price at each resort, and a calculator for a contract's total cost over its remaining years, resale against direct.",
  );
});

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const params = new URL(request.url).searchParams;
  const year = new Date().getUTCFullYear();
  const [prices, references] = await Promise.all([resortPrices(db), latestMembershipValues(db)]);
  const rows = prices.resorts.map((r) => ({
    code: r.code,
    name: r.name,
    slug: r.slug,
    direct: r.latestRetail,
    asking: r.asking,
    sold: r.sold,
    // The staff's reference value per point (/admin/resorts/membership-values), with its date.
    reference: references.get(r.id) ?? null,
  }));
  // The calculator: resorts with a direct price, dues on record and an end year.
  const usable = prices.resorts.filter((r) => r.latestRetail && r.latestDues && r.contractEndYear);
  let errors: Record<string, string> | null = null;
  let calc = null;
  if (asksCalculation(params, ["points", "price", "growth"])) {
    const read = readCompareCalc(
      params,
      usable.map((r) => r.code),
    );
    if (!read.ok) errors = read.errors;
    else {
      const r = usable.find((x) => x.code === read.input.resort);
      const market = r?.asking.medianCents ?? r?.sold.medianCents ?? null;
      const resaleCents = read.input.resaleCents ?? market;
      if (!r?.latestRetail || !r.latestDues || !r.contractEndYear) throw new Error("unusable resort");
      if (resaleCents === null) {
        errors = { price: `We have no listings or recent sales at ${r.name}: enter a resale price per point.` };
      } else {
        const growth = assumedGrowth(read.input.growthPercent, r.growth);
        const closing = await estimateClosingCosts(db, {
          priceCents: read.input.points * resaleCents,
          resortCode: r.code,
        });
        calc = {
          closing,
          name: r.name,
          points: read.input.points,
          resaleCents,
          resaleFrom: read.input.resaleCents !== null ? "asked" : r.asking.medianCents !== null ? "asking" : "sold",
          directPrice: r.latestRetail,
          endYear: r.contractEndYear,
          duesBase: r.latestDues,
          growthPercent: Math.round(growth.growth * 1000) / 10,
          ...compareContract({
            points: read.input.points,
            resaleCents,
            directCents: r.latestRetail.perPointCents,
            latest: r.latestDues,
            growth: growth.growth,
            currentYear: year,
            endYear: r.contractEndYear,
            resaleClosingCents: closing.buyer.totalCents,
          }),
        };
      }
    }
  }
  return data(
    {
      year,
      rows,
      marketDate: prices.dates.market ? formatDateEastern(prices.dates.market) : null,
      usable: usable.map((r) => ({ code: r.code, name: r.name })),
      query: Object.fromEntries(["resort", "points", "price", "growth"].map((k) => [k, params.get(k) ?? ""])),
      errors,
      calc,
      related: await relatedPageLinks(db, [href("/dvc-annual-dues"), href("/resorts"), href("/resale-restrictions")]),
    },
    { status: errors ? 400 : 200 },
  );
}

const count = (n: number, what: string) => `${formatNumber(n)} ${what}${n === 1 ? "" : "s"}`;

export default function ComparePricesPage({ loaderData }: Route.ComponentProps) {
  const { rows, usable, query, errors, calc, year, marketDate } = loaderData;
  return (
    <ContentPage
      path={href("/dvc-compare-prices")}
      eyebrow="Buying guide"
      title="Resale against direct prices"
      lead="The same points cost far less on the resale market than from Disney. Here is the gap at each resort, from our own listings and sales, and what it means over a contract's remaining years."
      related={loaderData.related}
    >
      <PricePagesNav current={href("/dvc-compare-prices")} />
      <Section id="by-resort" title="Price per point at each resort">
        <p>
          Method: the resale figures are our own market's, recomputed every hour
          {marketDate ? ` (last on ${marketDate})` : ""}: the median asking price of the contracts listed then and the
          median price of the contracts sold here in the {RECENT_SALES_DAYS} days before, with how many each median is
          of. The direct price is Disney's latest on record, with its date. The reference value is the resale value per
          point our staff keep on record for each resort (with its date): a published market figure, not today's
          listings.
        </p>
        <DataTable
          caption="Resale and direct price per point by resort"
          head={[
            "Resort",
            "Asking now (median)",
            "Sold, last 12 months (median)",
            "Direct from Disney",
            "Resale reference (dated)",
          ]}
          numeric={[1, 2, 3, 4]}
          rows={rows.map((r) => [
            <Link key={r.code} to={href("/resorts/:resort", { resort: r.slug })}>
              {r.name}
            </Link>,
            r.asking.medianCents !== null
              ? `${formatPerPoint(r.asking.medianCents)} (${count(r.asking.count, "listing")})`
              : "No listings",
            r.sold.medianCents !== null
              ? `${formatPerPoint(r.sold.medianCents)} (${count(r.sold.count, "sale")})`
              : "No sales",
            r.direct ? `${formatPerPoint(r.direct.perPointCents)} (${formatCalendarDate(r.direct.pricedOn)})` : "–",
            r.reference
              ? `${formatPerPoint(r.reference.valuePerPointCents)} (${formatCalendarDate(r.reference.asOf)})`
              : "–",
          ])}
          footnote="Direct prices: Disney's, as on the date shown (see the direct prices page for the source). Resale reference: the value on record for each resort, as of the date shown, with its source on the membership values screen."
        />
      </Section>

      <Section id="calculator" title="Total cost of a contract: resale against direct">
        <p>
          Method: the total cost of a contract over its remaining years is its purchase price (points × price per point)
          plus its dues from {year} to the year before it ends, the resort's latest dues grown each year by the rate you
          choose (by default the resort's average on record). Resale and direct contracts at one resort pay the same
          dues, so the saving is the difference in price less the resale buyer&apos;s closing costs, estimated from the
          title company&apos;s cost table (shown below the result); Disney&apos;s direct sales carry no closing costs in
          our data. Resale points carry the booking limits on the resale restrictions page.
        </p>
        <Form method="get" action="#calculator" className="not-prose mt-6 grid max-w-2xl gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormErrors errors={errors ? ["Please correct the fields marked below."] : undefined} />
          </div>
          <ContractFields
            idPrefix="compare"
            resorts={usable}
            resort={query.resort.toUpperCase()}
            points={query.points}
            errors={errors}
          />
          <Field
            id="compare-price"
            label="Resale price per point ($)"
            name="price"
            inputMode="decimal"
            defaultValue={query.price}
            hint="Leave empty for the median asking price at the resort."
            errors={errors?.price ? [errors.price] : undefined}
          />
          <DuesGrowthField idPrefix="compare" growth={query.growth} errors={errors} />
          <div className="sm:col-span-2">
            <Button type="submit">Compare the costs</Button>
          </div>
        </Form>
        {calc ? (
          <div aria-live="polite">
            <h3 id="compare-result">
              {calc.points} points at {calc.name}: resale saves {formatDollars(calc.savingCents)}
            </h3>
            <p>
              Resale at {formatPerPoint(calc.resaleCents)} (
              {calc.resaleFrom === "asked"
                ? "your price"
                : calc.resaleFrom === "asking"
                  ? "the median asking price now"
                  : "the median sold price"}
              ) against Disney's {formatPerPoint(calc.directPrice.perPointCents)} of{" "}
              {formatCalendarDate(calc.directPrice.pricedOn)}; dues from{" "}
              {calc.duesBase.estimated ? "our estimate" : "the published figure"} of{" "}
              {formatPerPoint(calc.duesBase.perPointCents)} for {calc.duesBase.year}, growing {calc.growthPercent}% a
              year, for {calc.dues.years.length} years (the contract ends on January 31, {calc.endYear}).
            </p>
            <DataTable
              caption={`Total cost of ${calc.points} points at ${calc.name}`}
              head={["", "Resale", "Direct from Disney"]}
              numeric={[1, 2]}
              rows={[
                ["Purchase price", formatPrice(calc.resale.purchaseCents), formatPrice(calc.direct.purchaseCents)],
                [
                  `Dues ${year}-${calc.endYear - 1}`,
                  formatPrice(calc.resale.duesCents),
                  formatPrice(calc.direct.duesCents),
                ],
                ["Closing costs (buyer)", formatPrice(calc.resale.closingCents), "None on record"],
                ["Total cost", formatPrice(calc.resale.totalCents), formatPrice(calc.direct.totalCents)],
              ]}
            />
            <Note>
              <p>
                <strong>Saving with resale: {formatPrice(calc.savingCents)}</strong>. See what the dues come to year by
                year in the <Link to={href("/dvc-annual-dues")}>dues calculator</Link>.
              </p>
            </Note>
            <div className="not-prose mt-6 max-w-md">
              <ClosingCostEstimate estimate={calc.closing} headingLevel={3} />
            </div>
          </div>
        ) : null}
      </Section>
    </ContentPage>
  );
}
