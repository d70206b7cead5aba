import { href, Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { applicableCommission, commissionCents } from "~/modules/agreements/agreement-money";
import { getSiteCommission } from "~/modules/settings/tweaks.server";
import type { Route } from "./+types/selling-fees-associated";
import {
  Calculation,
  ContentPage,
  DataTable,
  Example,
  Note,
  pageMeta,
  Section,
} from "~/modules/content/ui/content-page";

export function meta() {
  return pageMeta(
    "Fees of selling a DVC contract",
    "What it costs to sell a Disney Vacation Club contract: our broker commission, estoppel and closing fees, what the buyer pays, and a worked net-proceeds example for a 150-point contract.",
  );
}

// Worked example: 150 points at $110 per point. All money in cents.
const POINTS = 150;
const PRICE_PER_POINT = 11_000;
const gross = POINTS * PRICE_PER_POINT;
const ESTOPPEL = 15_000;
const deedStamps = Math.round((gross / 10_000) * 70); // $0.70 per $100 of price

/**
 * The commission comes from the admin fees tweaks (the figure the closing statement charges), computed the way the
 * closing statement computes it (the minimum applies when the percent comes to less).
 */
export async function loader() {
  const { db } = await getServices();
  const site = await getSiteCommission(db);
  const commission = commissionCents(
    gross,
    applicableCommission(gross, { commissionPercent: site.percent, commissionMinimumCents: site.minimumCents }, null),
  );
  const scenarios = [
    { name: "Low closing costs", closing: 20_000 },
    { name: "High closing costs", closing: 40_000 },
  ].map((s) => ({ ...s, net: gross - commission - ESTOPPEL - s.closing }));
  return { commissionWords: site.words, commission, scenarios };
}

export default function SellingFeesPage({ loaderData }: Route.ComponentProps) {
  const { commissionWords, commission, scenarios } = loaderData;
  return (
    <ContentPage
      path={href("/selling-fees-associated")}
      eyebrow="Selling guide"
      title="Fees of selling a DVC contract"
      lead="Selling a Disney Vacation Club contract costs a broker commission and a few fixed closing fees. Here is what each side usually pays and what you can expect to take home."
      related={[href("/dvc-firpta"), href("/harpta"), href("/dvc-annual-dues"), href("/how-dvc-works")]}
    >
      <Section id="seller-costs" title="What the seller pays">
        <DataTable
          caption="Typical seller costs"
          head={["Cost", "Typical amount", "What it is for"]}
          rows={[
            [
              "Our broker commission",
              commissionWords,
              "Listing, marketing, negotiating the offer and running the closing. Paid only when the sale closes.",
            ],
            [
              "Estoppel fee",
              "About $150",
              "Disney's statement confirming the contract's points, use year, dues and end date.",
            ],
            [
              "Seller closing costs",
              "About $200-$400",
              "The title company's work on the seller's side: preparing and recording the deed, paying off any loan.",
            ],
          ]}
        />
        <p>
          Commission is agreed in the listing agreement before you list. We do not lock you in for long, and if another
          licensed broker gives you a lower written commission quote, we match it.
        </p>
        <p>
          Two other things can change your proceeds: any annual dues the buyer reimburses you for the rest of the year
          (see <Link to={`${href("/dvc-annual-dues")}#closing`}>dues at closing</Link>), and tax withholding if you are
          a foreign seller (<Link to={href("/dvc-firpta")}>FIRPTA</Link>) or sell an Aulani contract without living in
          Hawaii (<Link to={href("/harpta")}>HARPTA</Link>).
        </p>
      </Section>

      <Section id="buyer-costs" title="What the buyer pays">
        <ul>
          <li>
            <strong>Closing costs of about $400-$800</strong>: title search, the title company's closing fee and
            recording the deed.
          </li>
          <li>
            <strong>Florida documentary stamp tax</strong> on the deed for Florida resorts: $0.70 for every $100 of the
            price. On a {formatPrice(gross)} contract that is {formatPrice(deedStamps)}.
          </li>
          <li>The share of this year's dues agreed in the purchase agreement.</li>
        </ul>
        <p>
          Buyers pay no broker commission. Because buyers weigh the total cost, a realistic asking price sells faster
          than a high one that leaves room to negotiate.
        </p>
      </Section>

      <Section id="example" title="Worked example: net proceeds">
        <p>
          A seller lists a 150-point contract at $110 per point. Here is what reaches the seller at the low and the high
          end of the usual closing costs, with our commission of {commissionWords}, before any dues reimbursement or tax
          withholding.
        </p>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          {scenarios.map((s) => (
            <Example key={s.name} title={s.name}>
              <Calculation
                lines={[
                  { label: "Price: 150 × $110", value: formatPrice(gross) },
                  { label: `Commission (${commissionWords})`, value: `− ${formatPrice(commission)}` },
                  { label: "Estoppel fee", value: `− ${formatPrice(ESTOPPEL)}` },
                  { label: "Closing costs", value: `− ${formatPrice(s.closing)}` },
                  { label: "Seller receives", value: formatPrice(s.net), total: true },
                ]}
              />
            </Example>
          ))}
        </div>
        <Note>
          <p>
            The figures on this page are typical, not quotes. Your listing agreement states the commission, and the
            title company's closing statement shows every cost to the cent before anyone signs.
          </p>
        </Note>
      </Section>
    </ContentPage>
  );
}
