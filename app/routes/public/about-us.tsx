import { href, Link } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, Note, pageMeta, Section } from "~/modules/content/ui/content-page";
import { getSiteInfo } from "~/modules/settings/settings.server";
import type { Route } from "./+types/about-us";

export function meta() {
  return pageMeta(
    "About us",
    "Vacation Points Market is an independent, licensed and insured resale broker for Disney Vacation Club contracts. How we work, how escrow protects deposits, and how to reach us.",
  );
}

export async function loader() {
  const { db } = await getServices();
  return { site: await getSiteInfo(db) };
}

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function AboutUsPage({ loaderData }: Route.ComponentProps) {
  const { site } = loaderData;
  return (
    <ContentPage
      path={href("/about-us")}
      eyebrow="Company"
      title={`About ${site.siteName}`}
      lead="We are an independent resale broker for Disney Vacation Club points contracts. Since 2016 we have helped owners sell contracts they no longer use and helped families buy into DVC for less than buying direct."
      related={[
        href("/how-dvc-works"),
        href("/selling-fees-associated"),
        href("/resale-restrictions"),
        href("/privacy-policy"),
      ]}
    >
      <Section id="who-we-are" title="Who we are">
        <p>
          {site.siteName} is a marketplace and brokerage. Sellers list their contracts with the points available in each
          use year; buyers compare listings, see what a contract really costs over its life, and make offers online. Our
          agents handle the negotiation and paperwork from offer to deed.
        </p>
        <p>
          We are not affiliated with, endorsed by or acting for Disney or Disney Vacation Club. Disney's only role in a
          resale is its right of first refusal, the estoppel, and transferring the membership once the deed is recorded.
        </p>
      </Section>

      <Section id="how-deals-work" title="How a deal works with us">
        <ol>
          <li>A seller lists a contract; we check the resort, use year and points with the seller's paperwork.</li>
          <li>A buyer makes an offer; buyer and seller negotiate through us until both accept.</li>
          <li>Both sign the purchase agreement electronically, and the buyer pays a deposit into escrow.</li>
          <li>
            Disney has its right of first refusal, then issues the estoppel; a licensed title company closes the sale
            and pays the seller.
          </li>
        </ol>
        <p>
          The whole process usually takes 60-90 days.{" "}
          <Link to={`${href("/how-dvc-works")}#closing`}>See every step of a closing</Link>.
        </p>
      </Section>

      <Section id="licensing" title="Licensed and insured">
        <p>
          We are a licensed real-estate broker in Florida, where most DVC resorts are, and we carry professional
          liability insurance. A DVC contract is a deeded real-estate interest, so a resale is a real-estate
          transaction: listing agreements, offers and commissions follow the rules that apply to licensed brokers.
        </p>
      </Section>

      <Section id="escrow" title="Your deposit is held in escrow">
        <p>
          We never hold buyers' money ourselves. Deposits and closing funds go to a licensed title company, which keeps
          them in an escrow account until the sale closes.
        </p>
        <ul>
          <li>
            The deposit is typically 10% of the price, with a minimum of $1,000, paid within a few days of signing.
          </li>
          <li>
            If Disney exercises its right of first refusal, the title company returns the full deposit to the buyer.
          </li>
          <li>The title company pays the seller only once the deed is recorded.</li>
        </ul>
      </Section>

      <Section id="contact" title="Contact us">
        <dl className="mt-6 grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-slate-900">Email</dt>
            <dd className="mt-1">
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-900">Phone</dt>
            <dd className="mt-1">
              <a href={tel(site.phone)}>{site.phone}</a> (toll free)
              {site.phoneSecondary ? (
                <>
                  <br />
                  <a href={tel(site.phoneSecondary)}>{site.phoneSecondary}</a>
                </>
              ) : null}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm font-semibold text-slate-900">Opening hours</dt>
            <dd className="mt-1">
              <ul className="mt-0! list-none! pl-0!">
                {site.hours.map((h) => (
                  <li key={h.label} className="mt-0!">
                    {h.label}: {h.value}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <Note>
          <p>Outside opening hours, email us and we reply on the next business day.</p>
        </Note>
      </Section>
    </ContentPage>
  );
}
