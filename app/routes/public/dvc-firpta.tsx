import { href, Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { Calculation, ContentPage, Example, Note, pageMeta, Section } from "~/modules/content/ui/content-page";

export function meta() {
  return pageMeta(
    "FIRPTA withholding when selling a DVC contract",
    "Foreign sellers of Disney Vacation Club contracts have 15% of the gross price withheld under FIRPTA. Which forms are filed (8288 and 8288-A), when, and a worked example.",
  );
}

const gross = 150 * 11_000; // 150 points at $110, in cents
const withheld = Math.round(gross * 0.15);

export default function FirptaPage() {
  return (
    <ContentPage
      path={href("/dvc-firpta")}
      eyebrow="Selling guide"
      title="FIRPTA withholding for foreign sellers"
      lead="A Disney Vacation Club contract is US real estate. When the seller is a foreign person, the Foreign Investment in Real Property Tax Act (FIRPTA) requires part of the price to be withheld at closing and paid to the IRS."
      related={[href("/harpta"), href("/selling-fees-associated"), href("/how-dvc-works"), href("/about-us")]}
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
