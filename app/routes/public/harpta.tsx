import { data, href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatPrice } from "~/lib/format";
import { withholding } from "~/modules/agreements/agreement-money";
import { readWithholdingQuery } from "~/modules/finance/withholding-calculator";
import { WithholdingCalculator, WithholdingRatesTable } from "~/modules/finance/ui/withholding-calculator";
import type { Route } from "./+types/harpta";
import {
  Calculation,
  ContentPage,
  DataTable,
  Example,
  Note,
  pageMeta,
  Section,
} from "~/modules/content/ui/content-page";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";
import { getServices } from "~/lib/runtime.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "HARPTA withholding when selling an Aulani contract",
    "Selling an Aulani DVC contract without living in Hawaii: HARPTA withholds 7.25% of the amount realised (5% before September 15, 2018). Forms N-288, N-288A and N-289, and how HARPTA and FIRPTA combine.",
  );
});

/**
 * The calculator (issue 31): a GET form read on the server; it starts with an Aulani seller who is not a Hawaii
 * resident. A refused form is a 400 with its messages.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const today = new Date().toISOString().slice(0, 10);
  const query = readWithholdingQuery(
    new URL(request.url).searchParams,
    { aulani: true, foreign: false, nonResident: true },
    today,
  );
  const related = await relatedPageLinks(db, [
    href("/dvc-firpta"),
    href("/selling-fees-associated"),
    href("/resorts"),
    href("/how-dvc-works"),
  ]);
  return query.state === "invalid" ? data({ query, today, related }, { status: 400 }) : { query, today, related };
}

const gross = 150 * 10_800; // 150 Aulani points at $108, in cents

export default function HarptaPage({ loaderData }: Route.ComponentProps) {
  const { query, today } = loaderData;
  // The example's figures from the same rule and dated table as the calculator and the closing statements.
  const held = withholding({
    priceCents: gross,
    resortCode: "AUL",
    closingDate: today,
    seller: { foreign: true, nonResident: true },
  }).lines;
  const harpta = held.find((l) => l.kind === "HARPTA")?.amountCents ?? 0;
  const firpta = held.find((l) => l.kind === "FIRPTA")?.amountCents ?? 0;
  return (
    <ContentPage
      path={href("/harpta")}
      eyebrow="Selling guide"
      title="HARPTA withholding for Aulani sellers"
      lead="Aulani, Disney's resort at Ko Olina on Oahu, is Hawaii real estate. The Hawaii Real Property Tax Act (HARPTA) requires part of the price to be withheld when the seller is not a Hawaii resident, and that includes owners who live elsewhere in the United States."
      related={loaderData.related}
    >
      <Section id="who" title="Who it applies to">
        <p>
          HARPTA applies to sales of Hawaii property by a <strong>non-resident of Hawaii</strong>. Among DVC resorts
          only <Link to={href("/resorts/:resort", { resort: "aulani" })}>Aulani</Link> is in Hawaii, so only Aulani
          contracts are affected. Most Aulani sellers are not Hawaii residents, so most Aulani sales involve HARPTA.
        </p>
      </Section>

      <Section id="rate" title="How much is withheld">
        <DataTable
          caption="HARPTA withholding rate"
          head={["Sale closed", "Withholding"]}
          rows={[
            ["On or after September 15, 2018", "7.25% of the amount realised"],
            ["Before September 15, 2018", "5% of the amount realised"],
          ]}
        />
        <p>
          The amount realised is essentially the sale price. Like FIRPTA, the withholding is a prepayment of Hawaii
          income tax: the seller files a Hawaii non-resident return to settle the actual tax and claim back any excess.
        </p>
      </Section>

      <Section id="calculator" title="Withholding calculator">
        <p>
          Enter the sale price and the closing date: the rate is the one in force on that date (5% before September 15,
          2018, 7.25% since). Tick “foreign person” as well to see FIRPTA added for a seller who lives outside the US.
        </p>
        <WithholdingCalculator action={href("/harpta")} query={query} />
        <WithholdingRatesTable kind="HARPTA" />
        <p className="text-sm text-slate-600">
          Method: the percent in force on the closing date, of the amount realised (taken as the sale price), rounded to
          the cent; FIRPTA, when it applies, is 15% of the gross price on top. The same dated rates make our closing
          statements. Form N-288 reports and pays HARPTA; N-288A is each seller's statement; N-289 is the certificate
          that claims an exemption, filed before closing.
        </p>
      </Section>

      <Section id="forms" title="Forms">
        <ul>
          <li>
            <strong>Form N-288</strong> reports and pays the withholding to the Hawaii Department of Taxation.
          </li>
          <li>
            <strong>Form N-288A</strong> is the statement of withholding for each seller; the seller uses it to claim
            the credit on a Hawaii return.
          </li>
          <li>
            <strong>Form N-289</strong> is the certificate a seller files to claim an exemption from withholding, for
            example as a Hawaii resident. The title company needs it before closing for nothing to be withheld.
          </li>
        </ul>
      </Section>

      <Section id="both" title="When FIRPTA and HARPTA both apply">
        <p>
          The two laws are separate: HARPTA is a Hawaii state tax, <Link to={href("/dvc-firpta")}>FIRPTA</Link> a
          federal one. A foreign seller of an Aulani contract has both withheld from the same sale.
        </p>
        <Example title="A 150-point Aulani contract sold at $108 per point by a seller who lives outside the US">
          <Calculation
            lines={[
              { label: "Sale price: 150 × $108", value: formatPrice(gross) },
              { label: "HARPTA: 7.25%, to Hawaii", value: `− ${formatPrice(harpta)}` },
              { label: "FIRPTA: 15%, to the IRS", value: `− ${formatPrice(firpta)}` },
              {
                label: "Paid to the seller before other costs",
                value: formatPrice(gross - harpta - firpta),
                total: true,
              },
            ]}
          />
          <p>
            A seller who lives in, say, California has only the HARPTA {formatPrice(harpta)} withheld; a Hawaii resident
            who files Form N-289 has neither.
          </p>
        </Example>
        <Note>
          <p>
            Aulani closings take longer than the usual 60-90 days, partly because of this paperwork. We are a broker,
            not tax advisers: talk to a tax professional about your own position.
          </p>
        </Note>
      </Section>
    </ContentPage>
  );
}
