import { href, Link } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, pageMeta, Section } from "~/modules/content/ui/content-page";
import { getSiteInfo } from "~/modules/settings/settings.server";
import type { Route } from "./+types/terms-and-conditions";

export function meta() {
  return pageMeta(
    "Terms and conditions",
    "The terms for using Vacation Points Market: accounts, listing a Disney Vacation Club contract, making offers, agreements, escrow and closing, fees, and our responsibilities.",
  );
}

export async function loader() {
  const { db } = await getServices();
  return { site: await getSiteInfo(db) };
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const { site } = loaderData;
  return (
    <ContentPage
      path={href("/terms-and-conditions")}
      eyebrow="Company"
      title="Terms and conditions"
      updated="November 22, 2026"
      lead={`These terms apply when you use ${site.siteName}. By creating an account, listing a contract or making an offer you agree to them. Please read them with our privacy policy.`}
      related={[
        href("/privacy-policy"),
        href("/about-us"),
        href("/selling-fees-associated"),
        href("/resale-restrictions"),
      ]}
    >
      <Section id="who-we-are" title="Who we are">
        <p>
          {site.siteName} is an independent, licensed real-estate broker that lists Disney Vacation Club resale
          contracts. We are not affiliated with Disney. Disney Vacation Club and the resort names are trademarks of
          their owners and are used here only to describe the contracts listed.
        </p>
      </Section>

      <Section id="accounts" title="Your account">
        <ul>
          <li>You must be at least 18 and able to enter a binding contract.</li>
          <li>Give accurate details and keep them up to date; we use them to prepare agreements.</li>
          <li>Keep your password private. You are responsible for what is done with your account.</li>
          <li>We may suspend an account that is used for fraud, to harass others, or to get around these terms.</li>
        </ul>
      </Section>

      <Section id="sellers" title="Listing a contract">
        <ul>
          <li>
            You may list only a contract you own or are authorised to sell, and the details you give (resort, use year,
            points per use year, dues status) must be true. Disney's estoppel will confirm them before closing.
          </li>
          <li>
            Listing is covered by a listing agreement that sets the commission. Commission is due only if the sale
            closes.
          </li>
          <li>We may edit a listing for accuracy or format, or decline or remove a listing.</li>
        </ul>
      </Section>

      <Section id="buyers" title="Making an offer">
        <ul>
          <li>An offer is a real proposal to buy on the terms stated. Make one only if you mean it.</li>
          <li>
            An accepted offer becomes binding when buyer and seller have both signed the purchase agreement. The
            agreement, not the listing, sets the final terms.
          </li>
          <li>
            Resale contracts carry <Link to={href("/resale-restrictions")}>resale restrictions</Link> set by Disney.
            Check them before you offer.
          </li>
        </ul>
      </Section>

      <Section id="escrow-closing" title="Escrow and closing">
        <p>
          Deposits and closing funds are paid to a licensed title company and held in escrow, never to us. Every resale
          is subject to Disney's right of first refusal: if Disney buys the contract, the buyer's deposit is refunded
          and the sale ends. The title company handles the estoppel, the deed and the payments. Costs each side pays are
          set out in the agreement and on <Link to={href("/selling-fees-associated")}>fees of selling</Link>.
        </p>
      </Section>

      <Section id="electronic-signatures" title="Electronic signatures and notices">
        <p>
          You agree to sign agreements electronically and to receive notices by email. An electronic signature on our
          site has the same effect as one on paper. We keep an audit trail of each signature.
        </p>
      </Section>

      <Section id="information" title="Information on the site">
        <p>
          Guides, dues, prices, point charts and calculators are provided to help you decide, in good faith and from
          public sources. They can change and may contain mistakes; they are not legal, tax or financial advice. Confirm
          anything important before relying on it.
        </p>
      </Section>

      <Section id="acceptable-use" title="Acceptable use">
        <p>
          Do not copy listings in bulk, scrape the site, try to get around security, or contact other users to take a
          deal off the platform.
        </p>
      </Section>

      <Section id="liability" title="Our responsibility">
        <p>
          We carry out our work as a licensed broker with reasonable care. We are not responsible for Disney's decisions
          (including the right of first refusal, point charts, dues and membership rules) or for what another user does.
          Nothing in these terms limits rights you have by law.
        </p>
      </Section>

      <Section id="changes" title="Changes and governing law">
        <p>
          We may update these terms; the date at the top shows the latest version, and changes do not affect agreements
          already signed. These terms are governed by the laws of the State of Florida.
        </p>
      </Section>

      <Section id="contact" title="Contact">
        <p>
          Questions about these terms: email <a href={`mailto:${site.email}`}>{site.email}</a> or call {site.phone}. How
          we handle your data is explained in our <Link to={href("/privacy-policy")}>privacy policy</Link>.
        </p>
      </Section>
    </ContentPage>
  );
}
