import { data, href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatPrice } from "~/lib/format";
import { withholding } from "~/modules/agreements/agreement-money";
import { Calculation, ContentPage, Example, Note, pageMeta, Section } from "~/modules/content/ui/content-page";
import { readWithholdingQuery } from "~/modules/finance/withholding-calculator";
import { WithholdingCalculator, WithholdingRatesTable } from "~/modules/finance/ui/withholding-calculator";
import type { Route } from "./+types/dvc-firpta";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";
import { getServices } from "~/lib/runtime.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "FIRPTA withholding when selling a DVC contract",
    "Foreign sellers of Disney Vacation Club contracts have 15% of the gross price withheld under FIRPTA. Which forms are filed (8288 and 8288-A), when, and a worked example.",
  );
});

/**
 * The calculator (issue 31): a GET form read on the server; it starts with a foreign seller of a non-Aulani contract.
 * A refused form is a 400 with its messages.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const today = new Date().toISOString().slice(0, 10);
  const query = readWithholdingQuery(
    new URL(request.url).searchParams,
    { aulani: false, foreign: true, nonResident: false },
    today,
  );
  const related = await relatedPageLinks(db, [
    href("/harpta"),
    href("/selling-fees-associated"),
    href("/how-dvc-works"),
    href("/about-us"),
  ]);
  return query.state === "invalid" ? data({ query, today, related }, { status: 400 }) : { query, today, related };
}

const gross = 150 * 11_000; // 150 points at $110, in cents

export default function FirptaPage({ loaderData }: Route.ComponentProps) {
  const { query, today } = loaderData;
  // The example's figure from the same rule and dated table as the calculator and the closing statements.
  const withheld = withholding({
    priceCents: gross,
    resortCode: "",
    closingDate: today,
    seller: { foreign: true, nonResident: false },
  }).totalCents;
  return (
    <ContentPage
      path={href("/dvc-firpta")}
      eyebrow="Selling guide"
      title="FIRPTA withholding for foreign sellers"
      lead="A Disney Vacation Club contract is US real estate. When the seller is a foreign person, the Foreign Investment in Real Property Tax Act (FIRPTA) requires part of the price to be withheld at closing and paid to the IRS."
      related={loaderData.related}
    >
      <Section id="who" title="Who it applies to">
        <p>
          FIRPTA applies when the seller is a foreign person for US tax purposes, such as someone who is neither a US
          citizen nor a US resident. A US seller signs a statement of non-foreign status at closing and nothing is
          withheld. Where a contract has several owners, each owner's status counts.
        </p>
      </Section>

      <Section id="how-much" title="How much is withheld">
        <p>
          <strong>15% of the gross sale price</strong>: the price the buyer pays, before commission, closing costs or
          any gain is worked out. The withholding is a prepayment of US tax, not the tax itself.
        </p>
      </Section>

      <Section id="calculator" title="Withholding calculator">
        <p>
          Enter the sale price and the closing date. Tick Aulani and “not a Hawaii resident” to see HARPTA as well: both
          are withheld from an Aulani sale by a foreign seller.
        </p>
        <WithholdingCalculator action={href("/dvc-firpta")} query={query} />
        <WithholdingRatesTable kind="FIRPTA" />
        <p className="text-sm text-slate-600">
          Method: the percent in force on the closing date, of the gross price, rounded to the cent. The same dated
          rates make our closing statements. Form 8288 reports and pays the amount to the IRS within 20 days of closing;
          Form 8288-A is the seller's copy, stamped by the IRS, to claim the credit on a US return.
        </p>
      </Section>

      <Section id="forms" title="Forms and deadlines">
        <ul>
          <li>The title company, acting for the buyer, withholds the amount from the seller's proceeds at closing.</li>
          <li>
            It is paid to the IRS with <strong>Form 8288</strong> and <strong>Form 8288-A</strong>{" "}
            <strong>within 20 days</strong> of closing.
          </li>
          <li>
            The IRS stamps a copy of Form 8288-A and sends it to the seller. The seller uses it with a US tax return to
            claim credit for the amount withheld and get back any excess over the tax actually due.
          </li>
        </ul>
      </Section>

      <Section id="example" title="Worked example">
        <Example title="A 150-point contract sold at $110 per point by a foreign seller">
          <Calculation
            lines={[
              { label: "Gross price: 150 × $110", value: formatPrice(gross) },
              { label: "FIRPTA withholding: 15% of gross", value: `− ${formatPrice(withheld)}` },
              { label: "Paid to the seller before other costs", value: formatPrice(gross - withheld), total: true },
            ]}
          />
          <p>
            The {formatPrice(withheld)} goes to the IRS within 20 days. If the seller's actual US tax on the sale is
            lower, the difference comes back after the seller files a US return.
          </p>
        </Example>
        <Note>
          <p>
            We are a broker, not tax advisers. A foreign seller should talk to a US tax professional before listing. The
            commission and closing costs are on <Link to={href("/selling-fees-associated")}>fees of selling</Link>; an
            Aulani contract can also be subject to <Link to={href("/harpta")}>HARPTA</Link>.
          </p>
        </Note>
      </Section>
    </ContentPage>
  );
}
