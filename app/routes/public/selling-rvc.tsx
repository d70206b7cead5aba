import { centsToInput } from "~/lib/money";
import { data, href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatNumber, formatPerPoint, formatPrice, useMonthName as monthName } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, Note, pageMeta, Section } from "~/modules/content/ui/content-page";
import { USE_YEAR_MONTHS } from "~/modules/listings/inventory.schema";
import { marketResorts } from "~/modules/market/market.server";
import { RvcQuerySchema } from "~/modules/market/rvc.schema";
import { appraiseForSeller } from "~/modules/market/rvc.server";
import type { Route } from "./+types/selling-rvc";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "Resale value calculator: what is my DVC contract worth?",
    "Value a Disney Vacation Club contract from comparable listings for sale and closed sales at its resort, with the banked and current points taken into account, and list it at that price.",
  );
});

const FIELDS = ["resort", "points", "useMonth", "banked", "current", "next"] as const;
type Field = (typeof FIELDS)[number];

/**
 * `/selling/rvc` (SPEC "resale value calculator", issue 31): a GET form, so an appraisal is a link. No query: the
 * empty form. A query that does not parse: 400 with each field's message. Otherwise the value range and its method.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const resorts = (await marketResorts(db)).map((r) => ({ id: r.id, name: r.name }));
  const related = await relatedPageLinks(db, [
    href("/selling-fees-associated"),
    href("/dvc-annual-dues"),
    href("/market"),
  ]);
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ""])) as Record<Field, string>;
  const noErrors: Partial<Record<Field, string>> | null = null;
  if (FIELDS.every((f) => !params.has(f))) return { resorts, values, errors: noErrors, answer: null, related };
  const parsed = RvcQuerySchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as Field;
      errors[key] ??= issue.message;
    }
    return data({ resorts, values, errors, answer: null, related }, { status: 400 });
  }
  const answer = await appraiseForSeller(db, parsed.data);
  if (!answer)
    return data(
      { resorts, values, errors: { resort: "Choose a resort from the list." }, answer: null, related },
      { status: 400 },
    );
  const q = parsed.data;
  const listHref =
    answer.estimateCents === null
      ? null
      : `${href("/v2/profile/inventory-for-sale/new")}?${new URLSearchParams({
          resortId: String(q.resort),
          useMonth: String(q.useMonth),
          contractPoints: String(q.points),
          prevYearPoints: String(q.banked),
          currYearPoints: String(q.current),
          nextYearPoints: String(q.next),
          pricePerPoint: centsToInput(answer.estimateCents),
        })}`;
  return { resorts, values, errors: noErrors, answer: { ...answer, points: q.points, listHref }, related };
}

/** A contract total rounded to the dollar (a range is no place for cents). */
const dollars = (cents: number) => Math.round(cents / 100) * 100;

const input = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base";

export default function RvcPage({ loaderData }: Route.ComponentProps) {
  const { resorts, values, answer } = loaderData;
  const errors = loaderData.errors as Partial<Record<Field, string>> | null;
  const err = (f: Field) => errors?.[f];
  const described = (f: Field) => (err(f) ? { "aria-invalid": true, "aria-describedby": `rvc-${f}-error` } : {});
  const message = (f: Field) =>
    err(f) ? (
      <p id={`rvc-${f}-error`} className="mt-1 text-sm font-medium text-red-800">
        {err(f)}
      </p>
    ) : null;
  const numberField = (f: Field, label: string, help?: string) => (
    <div>
      <label htmlFor={`rvc-${f}`} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id={`rvc-${f}`}
        name={f}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={values[f]}
        className={input}
        {...described(f)}
      />
      {help ? <p className="mt-1 text-sm text-slate-600">{help}</p> : null}
      {message(f)}
    </div>
  );
  return (
    <ContentPage
      path={href("/selling/rvc")}
      eyebrow="Selling"
      title="Resale value calculator"
      lead="What your Disney Vacation Club contract is worth today: a value range from comparable contracts for sale and recently sold at your resort, with your banked and current points counted in. The same comparison scores our listings and checks buyers' offers."
      related={loaderData.related}
    >
      <form method="get" className="not-prose mt-6 grid gap-4 sm:grid-cols-2" aria-label="Value my contract" noValidate>
        {errors ? (
          <p role="alert" className="text-sm font-medium text-red-800 sm:col-span-2">
            Please correct the fields marked below.
          </p>
        ) : null}
        <div>
          <label htmlFor="rvc-resort" className="block text-sm font-medium text-slate-900">
            Resort
          </label>
          <select id="rvc-resort" name="resort" defaultValue={values.resort} className={input} {...described("resort")}>
            <option value="">Choose a resort</option>
            {resorts.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          {message("resort")}
        </div>
        {numberField("points", "Contract points")}
        <div>
          <label htmlFor="rvc-useMonth" className="block text-sm font-medium text-slate-900">
            Use year
          </label>
          <select
            id="rvc-useMonth"
            name="useMonth"
            defaultValue={values.useMonth}
            className={input}
            {...described("useMonth")}
          >
            <option value="">Choose the month</option>
            {USE_YEAR_MONTHS.map((m) => (
              <option key={m} value={m}>
                {monthName(m, true)}
              </option>
            ))}
          </select>
          {message("useMonth")}
        </div>
        {numberField("banked", "Banked points (from last use year)", "Extra points on top of this year's.")}
        {numberField("current", "Current use year's points")}
        {numberField("next", "Next use year's points")}
        <div className="sm:col-span-2">
          <button type="submit" className="rounded-md bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900">
            Value my contract
          </button>
        </div>
      </form>

      {answer ? (
        <Section id="value" title={`Your ${formatNumber(answer.points)}-point ${answer.resort.name} contract`}>
          {answer.estimateCents === null || answer.lowCents === null || answer.highCents === null ? (
            <p>
              We have too few comparable listings, sales or reference values for {answer.resort.name} to value it.{" "}
              <Link to={href("/about-us")}>Ask us</Link> for a valuation by hand.
            </p>
          ) : (
            <>
              <p className="text-xl font-semibold text-slate-900" data-testid="rvc-range">
                {formatPerPoint(answer.lowCents)} to {formatPerPoint(answer.highCents)}
              </p>
              <p>
                Estimate <strong data-testid="rvc-estimate">{formatPerPoint(answer.estimateCents)}</strong>, about{" "}
                {formatPrice(dollars(answer.estimateCents * answer.points))} for the contract (from{" "}
                {formatPrice(dollars(answer.lowCents * answer.points))} to{" "}
                {formatPrice(dollars(answer.highCents * answer.points))}).
              </p>
              {answer.listHref ? (
                <p>
                  <Link to={answer.listHref} className="font-semibold">
                    List at this price ({formatPerPoint(answer.estimateCents)})
                  </Link>
                </p>
              ) : null}
            </>
          )}
          <h3 className="mt-6 text-lg font-semibold text-slate-900">How we got there</h3>
          <ol>
            {answer.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <p className="text-sm">
            Inputs: {formatNumber(answer.points)} points at {answer.resort.name}, dues{" "}
            {answer.resort.duesPerPointCents === null ? "not known" : formatPerPoint(answer.resort.duesPerPointCents)}.
            Listings are compared by their actual value per point (asking price, less the dues value of extra banked
            points, plus the dues value of missing current points); sales from the last {answer.settings.salesMonths}{" "}
            months of our <Link to={href("/market")}>market data</Link>, as of today.
          </p>
          {answer.salesIncludeDemo ? (
            <Note>The closed sales include the market page's seeded demo history.</Note>
          ) : null}
        </Section>
      ) : null}
    </ContentPage>
  );
}
