import { parseMoney } from "~/lib/money";
import { data, Form, href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatPercent, formatPerPoint, formatPoints, formatPrice } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { Calculation, ContentPage, Note, pageMeta, Section } from "~/modules/content/ui/content-page";
import { getFinanceSettings } from "~/modules/finance/finance-settings.server";
import { listActiveLenders } from "~/modules/finance/lenders.server";
import { loanPayment, readFinancingQuery } from "~/modules/finance/payment";
import { CalcErrors, CalcField, CalcSubmit } from "~/modules/finance/ui/calc-field";
import { listResorts } from "~/modules/resorts/resorts.server";
import { estimateClosingCosts } from "~/modules/title-companies/closing-cost-estimate.server";
import { ClosingCostEstimate } from "~/modules/title-companies/ui/closing-cost-estimate";
import type { Route } from "./+types/dvc-financing";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "Financing a resale DVC contract",
    "Lenders that finance resale Disney Vacation Club contracts, their rates, terms, minimum loans and down payments, and a payment calculator: monthly payment, total interest, total paid and closing costs.",
  );
});

/**
 * /dvc-financing (SPEC "available financing"; issue 31): the active lenders, and a payment calculator on a GET form
 * (the result is a URL to share; a listing links here with `price` and `resort`). Bad input is a 400 with the form's
 * messages; the starting rate, term, down payment and the disclaimer are the finance settings.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const [settings, lenderList, allResorts] = await Promise.all([
    getFinanceSettings(db),
    listActiveLenders(db),
    listResorts(db),
  ]);
  const resorts = allResorts.filter((r) => !r.isInterval).map((r) => ({ code: r.code, name: r.name }));
  const query = readFinancingQuery(
    new URL(request.url).searchParams,
    {
      aprPercent: settings.aprPercent,
      termYears: settings.termYears,
      downPaymentPercent: settings.downPaymentPercent,
    },
    resorts.map((r) => r.code),
  );
  const related = await relatedPageLinks(db, [
    href("/dvc-annual-dues"),
    href("/how-dvc-works"),
    href("/resale-restrictions"),
  ]);
  const base = {
    settings,
    lenders: lenderList.lenders,
    lendersUpdatedOn: lenderList.updatedOn,
    resorts,
    query,
    related,
  };
  if (query.state === "invalid") return data({ ...base, result: null, closing: null }, { status: 400 });
  if (query.state === "empty") return { ...base, result: null, closing: null };
  const result = loanPayment(query.input);
  const closing = await estimateClosingCosts(db, {
    priceCents: query.input.priceCents,
    resortCode: query.resortCode ?? "",
  });
  return { ...base, result, closing };
}

const selectClass =
  "mt-1 w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-sky-700";

export default function DvcFinancingPage({ loaderData }: Route.ComponentProps) {
  const { settings, lenders, lendersUpdatedOn, resorts, query, result, closing } = loaderData;
  const errors = query.state === "invalid" ? query.errors : {};
  const f = query.form;
  const resortName = resorts.find((r) => r.code === f.resort)?.name;
  return (
    <ContentPage
      path={href("/dvc-financing")}
      eyebrow="Buying guide"
      title="Financing a resale DVC contract"
      lead="Most resale contracts are bought with cash, but a few lenders finance them. Here are the lenders we know of, with their terms, and a calculator for the monthly payment, the interest and what you pay at closing."
      related={loaderData.related}
    >
      <Section id="lenders" title="Lenders">
        {lenders.some((l) => l.isDemo) ? (
          <p data-testid="demo-lenders-note">
            <strong>Demo data:</strong> the lenders marked “Demo” are fictional examples of this demonstration site, not
            real companies or offers.
          </p>
        ) : null}
        {lenders.length === 0 ? (
          <p>
            No lenders are listed at the moment. Contact us and we will point you to lenders that finance resale
            contracts.
          </p>
        ) : (
          <ul className="list-none! pl-0!" data-testid="lenders">
            {lenders.map((l) => (
              <li key={l.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h3 className="mt-0! flex flex-wrap items-center gap-2">
                  {l.name}
                  {l.isDemo ? (
                    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold uppercase text-amber-900">
                      Demo
                    </span>
                  ) : null}
                </h3>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">Rate (APR)</dt>
                    <dd className="font-medium text-slate-900">
                      {formatPercent(l.aprMinPercent)} – {formatPercent(l.aprMaxPercent)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Terms</dt>
                    <dd className="font-medium text-slate-900">
                      {l.termMinYears === l.termMaxYears ? l.termMinYears : `${l.termMinYears}–${l.termMaxYears}`} years
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Minimum loan</dt>
                    <dd className="font-medium text-slate-900">
                      {l.minLoanCents > 0 ? formatPrice(l.minLoanCents) : "None"}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Down payment</dt>
                    <dd className="font-medium text-slate-900">{formatPercent(l.downPaymentPercent)}</dd>
                  </div>
                </dl>
                {l.notes ? <p className="mt-2! text-sm">{l.notes}</p> : null}
                {l.website || l.phone ? (
                  <p className="mt-2! text-sm">
                    {l.website ? (
                      <a href={l.website} rel="noopener noreferrer nofollow">
                        Website<span className="sr-only"> of {l.name}</span>
                      </a>
                    ) : null}
                    {l.website && l.phone ? " · " : null}
                    {l.phone ? <a href={`tel:${l.phone.replace(/[^\d+]/g, "")}`}>{l.phone}</a> : null}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-slate-600">
          Lenders' terms as last entered by our staff{lendersUpdatedOn ? ` on ${lendersUpdatedOn}` : ""}. Rates change:
          ask the lender for a current quote.
        </p>
      </Section>

      <Section id="calculator" title="Payment calculator">
        <p>
          Enter the contract's points and price per point, or its total price (a listing's “Estimate a monthly payment”
          link fills it in). The rate, term and down payment start at typical values; change them to a lender's quote.
        </p>
        <CalcErrors errors={errors} />
        <Form
          method="get"
          action={href("/dvc-financing")}
          className="mt-4 grid gap-4 sm:grid-cols-2"
          aria-label="Payment calculator"
        >
          <CalcField name="points" label="Contract points" value={f.points} error={errors.points} inputMode="numeric" />
          <CalcField name="ppp" label="Price per point" prefix="$" value={f.ppp} error={errors.ppp} />
          <CalcField
            name="price"
            label="Or the total price"
            prefix="$"
            value={f.price}
            error={errors.price}
            hint="Used instead of points × price per point when filled in."
          />
          <div>
            <label htmlFor="calc-resort" className="block text-sm font-medium text-slate-900">
              Resort (for the closing costs)
            </label>
            <select
              id="calc-resort"
              name="resort"
              defaultValue={f.resort}
              className={selectClass}
              aria-invalid={errors.resort ? true : undefined}
            >
              <option value="">Any resort</option>
              {resorts.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          <CalcField name="down" label="Down payment" suffix="%" value={f.down} error={errors.down} />
          <CalcField name="rate" label="Interest rate (APR)" suffix="%" value={f.rate} error={errors.rate} />
          <CalcField
            name="years"
            label="Term"
            suffix="years"
            value={f.years}
            error={errors.years}
            inputMode="numeric"
          />
          <div className="flex items-end">
            <CalcSubmit>Calculate the payment</CalcSubmit>
          </div>
        </Form>
        <p className="text-sm text-slate-600" data-testid="finance-disclaimer">
          {settings.disclaimer}
        </p>
      </Section>

      {result && query.state === "ok" ? (
        <Section id="result" title="Your estimate">
          <div aria-live="polite" data-testid="payment-result">
            <Calculation
              lines={[
                {
                  label:
                    query.priceFrom === "points"
                      ? `Price: ${formatPoints(Number(f.points))} × ${formatPerPoint(parseMoney(f.ppp) ?? 0)}${resortName ? ` at ${resortName}` : ""}`
                      : `Price${resortName ? ` at ${resortName}` : ""}`,
                  value: formatPrice(result.priceCents),
                },
                {
                  label: `Down payment (${formatPercent(query.input.downPaymentPercent)})`,
                  value: formatPrice(result.downPaymentCents),
                },
                { label: "Amount financed", value: formatPrice(result.financedCents) },
                {
                  label: `Monthly payment (${result.months} payments at ${formatPercent(query.input.aprPercent)} APR)`,
                  value: <span data-testid="monthly-payment">{formatPrice(result.monthlyPaymentCents)}</span>,
                  total: true,
                },
                { label: "Total interest", value: formatPrice(result.totalInterestCents) },
                { label: "Total paid (down payment and every payment)", value: formatPrice(result.totalPaidCents) },
                ...(closing
                  ? [
                      {
                        label: "Buyer's closing costs (estimate, below)",
                        value: formatPrice(closing.buyer.totalCents),
                      },
                      {
                        label: "Cash needed at closing (down payment and closing costs)",
                        value: formatPrice(result.downPaymentCents + closing.buyer.totalCents),
                        total: true,
                      },
                    ]
                  : []),
              ]}
            />
          </div>
          <div className="mt-6">
            <ClosingCostEstimate estimate={closing} headingLevel={3} />
          </div>
          <Note>
            <p>
              <strong>Method.</strong> Standard amortisation of a fixed-rate loan: monthly payment = amount financed × r
              ÷ (1 − (1 + r)<sup>−n</sup>), with r the APR ÷ 12 and n the number of months; at 0% the amount financed ÷
              n. Rounded to the cent; a lender's last payment may differ by a few cents. Annual dues (billed by Disney
              each year) are not part of the loan: see <Link to={href("/dvc-annual-dues")}>annual dues</Link>.
            </p>
          </Note>
        </Section>
      ) : null}
    </ContentPage>
  );
}
