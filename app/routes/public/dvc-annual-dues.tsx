import { data, Form, href } from "react-router";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { FormErrors, SelectField } from "~/components/ui/field";
import { FULL_MONTHS, formatDecimal, formatDollars, formatPerPoint, formatPrice } from "~/lib/format";
import { formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import {
  Calculation,
  ContentPage,
  DataTable,
  Example,
  Note,
  pageMeta,
  Section,
} from "~/modules/content/ui/content-page";
import { getViewer } from "~/auth/session.server";
import { handlePublicAction, publicIntent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { clientAddress } from "~/lib/request.server";
import { DuesQuestionSchema } from "~/modules/contact/dues-question";
import { sendDuesQuestion } from "~/modules/contact/dues-question.server";
import { DuesQuestionForm } from "~/modules/content/ui/dues-question-form";
import { DUES_UNKNOWN, duesQuestionPath, hasPublishedDues, publicDues } from "~/modules/resorts/resorts.rules";
import { listResorts } from "~/modules/resorts/resorts.server";
import { asksCalculation, readDuesCalc } from "~/modules/resorts/calculator-input";
import { assumedGrowth, planDues } from "~/modules/resorts/dues-prices";
import { resortPrices } from "~/modules/resorts/dues-prices.server";
import { DuesHistory } from "~/modules/resorts/ui/dues-history";
import { duesPerPointText } from "~/modules/resorts/ui/fact-source";
import { ContractFields, DuesGrowthField, PricePagesNav } from "~/modules/resorts/ui/price-pages";
import type { Route } from "./+types/dvc-annual-dues";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "DVC annual dues per point",
    "How Disney Vacation Club annual dues work: billed per point each calendar year, due January 15, capped at 15% a year, current dues per point at every resort and how dues are split at a resale closing.",
  );
});

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const viewer = await getViewer(request);
  const resorts = (await listResorts(db)).filter((r) => !r.isInterval);
  const year = new Date().getUTCFullYear();
  const params = new URL(request.url).searchParams;
  const asked = params.get("resort")?.toUpperCase() ?? null;
  const prices = await resortPrices(db);
  // Issue 31: the calculator offers the resorts with dues on record and an end year.
  const calcResorts = prices.resorts.filter((r) => r.latestDues && r.contractEndYear);
  const history = prices.resorts.filter((r) => r.dues.length > 0);
  const years = [...new Set(history.flatMap((r) => r.dues.map((d) => d.year)))].sort((a, b) => a - b);
  let calc: ReturnType<typeof duesCalculation> | null = null;
  let errors: Record<string, string> | null = null;
  if (asksCalculation(params, ["points", "growth", "month"])) {
    const read = readDuesCalc(
      params,
      calcResorts.map((r) => r.code),
    );
    if (read.ok) calc = duesCalculation(calcResorts, read.input, year);
    else errors = read.errors;
  }
  const chartCode = calc?.code ?? (asked && history.some((r) => r.code === asked) ? asked : history[0]?.code);
  const chart = history.find((r) => r.code === chartCode) ?? null;
  return data(
    {
      year,
      asked: resorts.some((r) => r.code === asked) ? asked : null,
      sender: viewer ? { name: viewer.name, email: viewer.email } : {},
      resorts: resorts.map((r) => {
        const dues = publicDues(r);
        return { code: r.code, name: r.name, slug: r.slug, dues, published: hasPublishedDues(dues, year) };
      }),
      years,
      history: history.map((r) => ({ code: r.code, name: r.name, dues: r.dues })),
      chart: chart ? { name: chart.name, dues: chart.dues } : null,
      dataDate: prices.dates.dues ? formatDateEastern(prices.dates.dues) : null,
      calcResorts: calcResorts.map((r) => ({ code: r.code, name: r.name })),
      query: Object.fromEntries(["resort", "points", "growth", "month"].map((k) => [k, params.get(k) ?? ""])),
      calc,
      errors,
      related: await relatedPageLinks(db, [
        href("/resorts"),
        href("/how-dvc-works"),
        href("/selling-fees-associated"),
        href("/resale-restrictions"),
      ]),
    },
    { status: errors ? 400 : 200 },
  );
}

/** The calculator's answer for a valid query: the resort's latest dues grown to its contract's end. */
function duesCalculation(
  resorts: Awaited<ReturnType<typeof resortPrices>>["resorts"],
  input: { resort: string; points: number; growthPercent: number | null; closingMonth: number | null },
  currentYear: number,
) {
  const r = resorts.find((x) => x.code === input.resort);
  if (!r?.latestDues || !r.contractEndYear) throw new Error("calculator resort without dues or end year");
  const growth = assumedGrowth(input.growthPercent, r.growth);
  const plan = planDues({
    points: input.points,
    latest: r.latestDues,
    growth: growth.growth,
    currentYear,
    endYear: r.contractEndYear,
    closingMonth: input.closingMonth,
  });
  return {
    code: r.code,
    name: r.name,
    points: input.points,
    closingMonth: input.closingMonth,
    endYear: r.contractEndYear,
    extendedEndYear: r.extendedEndYear,
    base: r.latestDues,
    growthPercent: Math.round(growth.growth * 1000) / 10,
    growthFrom: growth.from,
    ...plan,
  };
}

/**
 * "Ask about a resort's dues": a contact message for the administrators. 400 with the fields' messages (nothing
 * written), 429 past the hourly allowance; otherwise back to the form with a thank-you note.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  return handlePublicAction(request, {
    defaultIntent: "ask",
    intents: {
      ask: publicIntent(fromForm(DuesQuestionSchema), async ({ input: values }) => {
        const sent = await sendDuesQuestion(await getServices(), {
          actor: viewer,
          input: { values, clientKey: clientAddress(request) },
        });
        return { redirectTo: `${href("/dvc-annual-dues")}#ask-dues`, message: sent.message };
      }),
    },
  });
}

// Worked example: 150 points at $8.58 per point with 8 months of the calendar year left.
const EX_POINTS = 150;
const EX_DUES_CENTS = 858;
const EX_MONTHS_LEFT = 8;
const exAnnual = EX_POINTS * EX_DUES_CENTS;
const exReimburse = Math.round((exAnnual * EX_MONTHS_LEFT) / 12);

export default function AnnualDuesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { resorts, year, asked, sender, years, history, chart, dataDate } = loaderData;
  const published2022 = history.flatMap((r) =>
    r.dues.filter((d) => d.year === 2022 && !d.estimated).map((d) => ({ ...r, dues: d })),
  );
  const missing = resorts.filter((r) => !r.published);
  return (
    <ContentPage
      path={href("/dvc-annual-dues")}
      eyebrow="Buying guide"
      title="DVC annual dues"
      lead="Every Disney Vacation Club contract carries annual dues: a charge per point that pays for running and maintaining the resort. Dues are the main yearly cost of owning points, so compare them as carefully as the price."
      related={loaderData.related}
    >
      <PricePagesNav current={href("/dvc-annual-dues")} />
      <Section id="how-billed" title="How dues are billed">
        <ul>
          <li>
            <strong>Per point, per calendar year.</strong> A 150-point contract at a resort charging $9.00 per point
            owes $1,350 for the year, whether or not the points are used.
          </li>
          <li>
            <strong>Due by January 15.</strong> The bill covers January to December of the calendar year, not the use
            year of the contract.
          </li>
          <li>
            <strong>Increases are capped.</strong> Dues cannot rise more than 15% in a year unless owners approve. In
            practice they have grown by roughly 3-5% a year.
          </li>
          <li>
            <strong>Each resort sets its own.</strong> Older and smaller resorts tend to cost more per point; the
            difference adds up over the decades a contract runs.
          </li>
        </ul>
      </Section>

      <Section id="current-dues" title="Dues per point at each resort">
        <p>
          The latest figure we have for each resort, the year it is for and where it comes from. Where we do not have a
          resort's own figure for {year} yet, the table says so: an estimate is marked as one, and you can{" "}
          <a href="#ask-dues">ask us for this year's figure</a>.
        </p>
        <DataTable
          caption="Annual dues per point, with the year and source of each figure"
          head={["Resort", "Dues per point", "150 points a year", "Source"]}
          numeric={[2]}
          rows={resorts.map((r) => [
            <Link key={r.slug} to={href("/resorts/:resort", { resort: r.slug })}>
              {r.name}
            </Link>,
            r.published && r.dues ? (
              duesPerPointText(r.dues)
            ) : (
              <span key={r.code}>
                {r.dues ? duesPerPointText(r.dues) : `Not known yet for ${year}`}{" "}
                <Link to={duesQuestionPath(r.code)} preventScrollReset>
                  {r.dues ? "Ask for this year's dues" : DUES_UNKNOWN}
                </Link>
              </span>
            ),
            r.dues ? `${r.dues.estimate ? "About " : ""}${formatDollars(r.dues.perPointCents * 150)}` : "–",
            r.dues?.source ?? "–",
          ])}
        />
      </Section>

      <Section id="ask-dues" title="Ask about a resort's dues">
        <p>
          {missing.length > 0
            ? `We do not have the published ${year} dues for ${missing.length === 1 ? "one resort" : `${missing.length} resorts`} yet. Tell us which one you are considering and we will find out what owners pay this year.`
            : "Ask us about any resort's dues, and we will write back with the figure and where it comes from."}
        </p>
        <DuesQuestionForm
          key={asked ?? "none"}
          resorts={resorts.map((r) => ({ code: r.code, name: r.name }))}
          resort={asked}
          year={year}
          actionData={actionData}
          defaults={sender}
        />
      </Section>

      <Section id="dues-by-year" title="Dues per point by year">
        <p>
          Every figure we have on record, by resort and calendar year. A figure marked “est.” is our estimate (an older
          published figure grown by about 4% a year), not the resort's published dues; the history table under the chart
          gives each figure's source.{dataDate ? ` Figures last changed on ${dataDate}.` : ""}
        </p>
        <DataTable
          caption="Dues per point by resort and year (est.: our estimate)"
          head={["Resort", ...years.map(String)]}
          numeric={years.map((_, i) => i + 1)}
          rows={history.map((r) => [
            r.name,
            ...years.map((y) => {
              const d = r.dues.find((x) => x.year === y);
              return d ? `${formatPerPoint(d.perPointCents)}${d.estimated ? " est." : ""}` : "–";
            }),
          ])}
        />
        {chart ? (
          <>
            <h3>History: {chart.name}</h3>
            <DuesHistory resortName={chart.name} history={chart.dues} />
          </>
        ) : null}
      </Section>

      <Section id="dues-2022" title="2022 dues">
        <p>For comparison, the dues per point published for 2022:</p>
        <DataTable
          caption="2022 dues, dollars per point"
          head={["Resort", "Code", "2022 dues per point"]}
          numeric={[2]}
          rows={published2022.map((r) => [r.name, r.code, formatPerPoint(r.dues.perPointCents)])}
          footnote="Figures as published for 2022. BoardWalk, Aulani, Polynesian, Villas at Disneyland Hotel and Cabins at Fort Wilderness are not in this set."
        />
      </Section>

      <Section id="calculator" title="Dues calculator: a contract's dues to its end">
        <DuesCalculator data={loaderData} />
      </Section>

      <Section id="closing" title="Dues at a resale closing">
        <p>
          The seller has usually paid the whole year's dues by January 15. At closing, the buyer normally reimburses the
          seller for the months of the calendar year that remain:
        </p>
        <p className="rounded-md bg-slate-100 px-4 py-3 font-mono text-sm text-slate-900">
          reimbursement = points × dues per point × months left in the year ÷ 12
        </p>
        <p>
          The split is then adjusted for who gets which points: if the seller has already used this year's points, the
          buyer may not owe for them, and if the buyer receives points the seller paid for, the buyer usually pays for
          those.
        </p>
        <Example title="Worked example: 150 points, $8.58 per point, 8 months left">
          <Calculation
            lines={[
              { label: "Dues for the year: 150 × $8.58", value: formatPrice(exAnnual) },
              { label: "Share for the months left: 8 ÷ 12", value: "× 0.667" },
              {
                label: "Buyer reimburses the seller: 150 × $8.58 × 8 ÷ 12",
                value: formatPrice(exReimburse),
                total: true,
              },
            ]}
          />
          <p>The seller keeps the cost of the four months already gone; the buyer pays for the rest of the year.</p>
        </Example>
        <Note>
          <p>
            <strong>Who pays is negotiable.</strong> Some sellers offer to cover the current year's dues to make a
            listing stand out, and some buyers ask for it in an offer. Whatever is agreed is written into the purchase
            agreement, and the title company settles it at closing.
          </p>
        </Note>
      </Section>
    </ContentPage>
  );
}

/** The GET form and its answer: the URL of a calculation can be shared; works without JavaScript. */
function DuesCalculator({ data: d }: { data: Route.ComponentProps["loaderData"] }) {
  const { calc, errors, query, calcResorts, year } = d;
  return (
    <>
      <p>
        Method: we take the resort's latest dues on record and grow them each year by the rate you choose (by default
        the resort's average yearly growth between its first and last year on record, or 4% where it has one year), up
        to the year before the contract ends on January 31 of its end year. Each year's figure is rounded to the cent,
        as it is billed. Dues are set each year, so the later years are a projection, not a promise.
      </p>
      <Form method="get" action="#calculator" className="not-prose mt-6 grid max-w-2xl gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormErrors errors={errors ? ["Please correct the fields marked below."] : undefined} />
        </div>
        <ContractFields
          idPrefix="dues-calc"
          resorts={calcResorts}
          resort={calc?.code ?? query.resort.toUpperCase()}
          points={query.points}
          errors={errors}
        />
        <DuesGrowthField idPrefix="dues-calc" growth={query.growth} errors={errors} />
        <SelectField
          id="dues-calc-month"
          label="Closing month (optional)"
          name="month"
          defaultValue={query.month}
          hint={`For the share of ${year}'s dues a buyer reimburses.`}
          errors={errors?.month ? [errors.month] : undefined}
        >
          <option value="">No closing this year</option>
          {FULL_MONTHS.map((m, i) => (
            <option key={m} value={String(i + 1)}>
              {m}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <Button type="submit">Calculate the dues</Button>
        </div>
      </Form>
      {calc ? (
        <div aria-live="polite">
          <h3 id="dues-result">
            {calc.points} points at {calc.name}: {formatDollars(calc.totalCents)} of dues from {year} to{" "}
            {calc.endYear - 1}
          </h3>
          <p>
            From {calc.base.estimated ? "our estimate" : "the published figure"} of{" "}
            {formatPerPoint(calc.base.perPointCents)} for {calc.base.year}, growing {calc.growthPercent}% a year (
            {calc.growthFrom === "asked"
              ? "your figure"
              : calc.growthFrom === "record"
                ? "the resort's average on record, estimates included"
                : "our default: the resort has one year on record"}
            ). Contracts end on January 31, {calc.endYear}.
            {calc.extendedEndYear
              ? ` Contracts extended to ${calc.extendedEndYear} pay dues for ${calc.extendedEndYear - calc.endYear} more years.`
              : ""}
          </p>
          {calc.proration ? (
            <Example title={`Dues at a closing in ${FULL_MONTHS[(calc.closingMonth ?? 1) - 1]} ${year}`}>
              <Calculation
                lines={[
                  {
                    label: `${year} dues: ${calc.points} × ${formatPerPoint(calc.years[0]?.perPointCents ?? 0)}`,
                    value: formatPrice(calc.proration.annualCents),
                  },
                  {
                    label: `Months left in the year: ${calc.proration.monthsLeft} ÷ 12`,
                    value: `× ${formatDecimal(calc.proration.monthsLeft / 12, 3)}`,
                  },
                  {
                    label: "The buyer reimburses the seller",
                    value: formatPrice(calc.proration.reimburseCents),
                    total: true,
                  },
                ]}
              />
            </Example>
          ) : null}
          <DataTable
            caption={`Dues year by year: ${calc.points} points at ${calc.name}`}
            head={["Year", "Dues per point", "Dues for the year"]}
            numeric={[1, 2]}
            rows={[
              ...calc.years.map((y) => [String(y.year), formatPerPoint(y.perPointCents), formatPrice(y.totalCents)]),
              ["Total", "", formatPrice(calc.totalCents)],
            ]}
          />
        </div>
      ) : null}
    </>
  );
}
