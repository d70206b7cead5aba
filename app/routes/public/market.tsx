import type { ReactNode } from "react";
import { data, href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatDollars, formatNumber, formatPercent, formatPrice } from "~/lib/format";
import { formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, DataTable, Note, pageMeta, Section } from "~/modules/content/ui/content-page";
import { type MarketMonth, SERIES, type SeriesName } from "~/modules/market/market";
import { loadMarket } from "~/modules/market/market.server";
import { MonthChart, monthLabel } from "~/modules/market/ui/month-chart";
import type { Route } from "./+types/market";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "DVC resale market data: prices, sales, days on market and ROFR",
    "Disney Vacation Club resale prices per point by resort and month, asking and sold, sales volume, median days on market and the developer's right-of-first-refusal results, with CSV and JSON downloads.",
  );
});

/** `/market` (issue 31, SPEC "historical sales chart"): the monthly table, for one resort (`?resort=<code>`) or all. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const view = {
    ...(await loadMarket(db, new URL(request.url).searchParams.get("resort"))),
    related: await relatedPageLinks(db, [href("/dvc-annual-dues"), href("/resorts"), href("/selling/rvc")]),
  };
  return view.ok ? view : data(view, { status: 400 });
}

const usd = (cents: number | null) => (cents === null ? "–" : formatPrice(cents));
const num = (n: number | null) => (n === null ? "–" : formatNumber(n));
const pct = (n: number | null) => (n === null ? "–" : formatPercent(Math.round(n * 10) / 10));

function downloads(series: SeriesName, resort: string | null) {
  const q = resort ? `?resort=${resort}` : "";
  return (
    <p className="text-sm">
      Download this series:{" "}
      <a href={`${href("/market/:file", { file: `${series}.csv` })}${q}`} download>
        CSV
      </a>{" "}
      ·{" "}
      <a href={`${href("/market/:file", { file: `${series}.json` })}${q}`} type="application/json">
        JSON
      </a>
    </p>
  );
}

export default function MarketPage({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const selected = view.ok ? (view.resort?.code ?? "") : "";
  const where = view.ok && view.resort ? view.resort.name : "all resorts";
  return (
    <ContentPage
      path={href("/market")}
      eyebrow="Open market data"
      title="DVC resale market data"
      lead="What Disney Vacation Club contracts ask and sell for on our marketplace, month by month: price per point, sales, days on market and the developer's right of first refusal. Every figure is downloadable."
      related={loaderData.related}
    >
      <form method="get" className="not-prose mt-6 flex flex-wrap items-end gap-3" aria-label="Choose a resort">
        <div className="w-full min-w-0 sm:w-auto">
          <label htmlFor="market-resort" className="block text-sm font-medium text-slate-900">
            Resort
          </label>
          <select
            id="market-resort"
            name="resort"
            defaultValue={selected}
            aria-invalid={view.ok ? undefined : true}
            aria-describedby={view.ok ? undefined : "market-resort-error"}
            className="mt-1 block w-full max-w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base sm:w-auto"
          >
            <option value="">All resorts</option>
            {view.resorts.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-md bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900">
          Show
        </button>
        {view.ok ? null : (
          <p id="market-resort-error" role="alert" className="w-full text-sm font-medium text-red-800">
            {view.message}
          </p>
        )}
      </form>
      {view.ok ? <Body view={view} where={where} /> : null}
    </ContentPage>
  );
}

function Body({ view, where }: { view: Extract<Route.ComponentProps["loaderData"], { ok: true }>; where: string }) {
  const { months, refreshedAt, anyDemo, anyCorrected } = view.data;
  const code = view.resort?.code ?? null;
  const labels = months.map((m) => m.month);
  const last = months.at(-1);
  const table = (caption: string, head: string[], row: (m: MarketMonth) => ReactNode[]) => (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-sky-800 underline">
        Show the figures as a table
      </summary>
      <DataTable
        caption={caption}
        head={["Month", ...head]}
        numeric={head.map((_, i) => i + 1)}
        rows={months.map((m) => [monthLabel(m.month), ...row(m)])}
      />
    </details>
  );
  return (
    <>
      <Section id="method" title="Method and data">
        <p>
          Figures for <strong>{where}</strong>, the last 24 months, from a monthly table we recompute every hour from
          our own listings, agreements and closed sales
          {refreshedAt ? `, last on ${formatDateEastern(refreshedAt)}` : ""}. Asking: the median price per point of the
          listings posted in the month. Sold: the median price per point of the sales closed in the month, including
          contracts the developer bought back. Days on market: the median days from a sold listing's posting to its
          signed agreement. ROFR: how many of the month's sales the developer waived and exercised. For all resorts
          together, counts add up and each resort's median is weighted by its number of listings or sales.
        </p>
        {anyDemo ? (
          <Note>
            <strong>Demo data.</strong> Months marked “demo” are a seeded history drawn around published resale prices,
            so the charts have something to show while our own marketplace builds its record; a month with sales of our
            own replaces them.
          </Note>
        ) : null}
        {anyCorrected ? (
          <Note>
            An administrator corrected the average price of some months (marked “corrected”), for example after a
            mistyped sale; the average shown is the corrected one.
          </Note>
        ) : null}
      </Section>

      <Section id="prices" title={SERIES.prices.title}>
        <MonthChart
          id="chart-prices"
          title={`Median asking and sold price per point, ${where}`}
          summary={
            last
              ? `In ${monthLabel(last.month)} the median asking price was ${usd(last.askingMedianCents)} and the median sold price ${usd(last.soldMedianCents)} per point.`
              : ""
          }
          months={labels}
          yFormat={(v) => formatDollars(v * 100)}
          lines={[
            {
              label: "Asking (median)",
              values: months.map((m) => cents(m.askingMedianCents)),
              color: "#b45309",
              dashed: true,
            },
            { label: "Sold (median)", values: months.map((m) => cents(m.soldMedianCents)), color: "#0369a1" },
          ]}
        />
        {table(`Price per point by month, ${where}`, ["Asking", "Sold", "Average", "Data"], (m) => [
          usd(m.askingMedianCents),
          usd(m.soldMedianCents),
          `${usd(m.averageCents)}${m.averageCorrected ? " (corrected)" : ""}`,
          m.isDemo ? "demo" : "ours",
        ])}
        {downloads("prices", code)}
      </Section>

      <Section id="volume" title={SERIES.volume.title}>
        <MonthChart
          id="chart-volume"
          title={`Sales closed per month, ${where}`}
          summary={`${formatNumber(months.reduce((n, m) => n + m.soldCount, 0))} sales over these ${months.length} months.`}
          months={labels}
          bars
          yFormat={(v) => String(v)}
          lines={[{ label: "Sales", values: months.map((m) => m.soldCount), color: "#0369a1" }]}
        />
        {table(`Sales volume by month, ${where}`, ["Sales", "Points sold", "Listed", "Data"], (m) => [
          num(m.soldCount),
          num(m.soldPoints),
          num(m.listedCount),
          m.isDemo ? "demo" : "ours",
        ])}
        {downloads("volume", code)}
      </Section>

      <Section id="days-on-market" title={SERIES["days-on-market"].title}>
        <MonthChart
          id="chart-days"
          title={`Median days on market, ${where}`}
          summary={
            last
              ? `In ${monthLabel(last.month)} the median sold listing found its buyer in ${num(last.medianDaysOnMarket)} days.`
              : ""
          }
          months={labels}
          yFormat={(v) => String(v)}
          lines={[{ label: "Days on market", values: months.map((m) => m.medianDaysOnMarket), color: "#047857" }]}
        />
        {table(`Median days on market by month, ${where}`, ["Days", "Sales", "Data"], (m) => [
          num(m.medianDaysOnMarket),
          num(m.soldCount),
          m.isDemo ? "demo" : "ours",
        ])}
        {downloads("days-on-market", code)}
      </Section>

      <Section id="rofr" title={SERIES.rofr.title}>
        <MonthChart
          id="chart-rofr"
          title={`Share of sales bought back by the developer, ${where}`}
          summary={`Over these months the developer exercised its right of first refusal on ${formatNumber(months.reduce((n, m) => n + m.rofrExercised, 0))} of ${formatNumber(months.reduce((n, m) => n + m.rofrExercised + m.rofrWaived, 0))} sales (historic rates run 4-15%).`}
          months={labels}
          yFormat={(v) => `${v}%`}
          lines={[{ label: "Exercised", values: months.map((m) => m.rofrExercisedRate), color: "#b91c1c" }]}
        />
        {table(`ROFR results by month, ${where}`, ["Waived", "Exercised", "Exercised rate", "Data"], (m) => [
          num(m.rofrWaived),
          num(m.rofrExercised),
          pct(m.rofrExercisedRate),
          m.isDemo ? "demo" : "ours",
        ])}
        {downloads("rofr", code)}
      </Section>
      <p className="text-sm">
        Selling? <Link to={href("/selling/rvc")}>Value your contract</Link> with the same comparison.
      </p>
    </>
  );
}

const cents = (c: number | null) => (c === null ? null : c / 100);
