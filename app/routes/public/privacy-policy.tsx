import { href, Link } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, DataTable, pageMeta, Section } from "~/modules/content/ui/content-page";
import { getSiteInfo } from "~/modules/settings/settings.server";
import type { Route } from "./+types/privacy-policy";

export function meta() {
  return pageMeta(
    "Privacy policy",
    "What personal data Vacation Points Market collects when you browse, list a contract, make an offer or sign an agreement, which cookies we set, how long we keep data and how to exercise your rights.",
  );
}

export async function loader() {
  const { db } = await getServices();
  return { site: await getSiteInfo(db) };
}

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { site } = loaderData;
  return (
    <ContentPage
      path={href("/privacy-policy")}
      eyebrow="Company"
      title="Privacy policy"
      updated="November 22, 2026"
      lead={`This policy explains, in plain language, what ${site.siteName} ("we") collects about you, why, who sees it and how long we keep it.`}
      related={[href("/about-us"), href("/terms-and-conditions")]}
    >
      <Section id="what-we-collect" title="What we collect">
        <h3>Your account</h3>
        <p>
          When you create an account: your name, email address, phone number, password (stored only as a secure hash),
          whether you are a buyer or seller, and, when you complete your profile, your postal address. If you turn on
          two-factor sign-in we store what is needed to check your codes.
        </p>
        <h3>Listings</h3>
        <p>
          If you sell: the contract details you give us (resort, use year, points per use year, asking price) and any
          documents you upload, such as a deed. Listings are public, but they never show your name or contact details.
        </p>
        <h3>Offers and agreements</h3>
        <p>
          Offers and counter-offers, the messages and changes made on them, and the purchase agreements you sign. When
          you sign electronically we record an audit trail for each document: when it was created, sent, opened and
          signed, with the IP address and browser of each signer. This is what makes an electronic signature hold up.
        </p>
        <h3>Using the site</h3>
        <p>
          Our servers log requests (pages visited, IP address, browser, time) to keep the site secure and working. We
          count page views to learn which guides are useful.
        </p>
      </Section>

      <Section id="cookies" title="Cookies">
        <p>We use only the cookies the site needs. We do not use advertising cookies.</p>
        <DataTable
          caption="Cookies we set"
          head={["Cookie", "Why", "How long"]}
          rows={[
            [
              "Session cookie",
              "Keeps you signed in and protects your account from forged requests. Set only when you sign in.",
              "Until you sign out, or 30 days",
            ],
            [
              <code key="fav">my-favorite-listings</code>,
              "Remembers the listings you marked as favorites, even when you are not signed in.",
              "30 days",
            ],
          ]}
        />
      </Section>

      <Section id="how-we-use" title="How we use your data">
        <ul>
          <li>To run your account and show you your listings, offers and agreements.</li>
          <li>
            To carry out a sale: the other party, the title company handling escrow and closing, and Disney (for the
            right of first refusal and the transfer) receive the details each of them needs.
          </li>
          <li>To contact you about your offers, agreements and closing, by email, phone or text message.</li>
          <li>
            To send newsletters and listing alerts, only if you asked for them. Every one has an unsubscribe link.
          </li>
          <li>To keep the site safe: rate limits, sign-in records and fraud checks.</li>
        </ul>
        <p>We do not sell your personal data.</p>
      </Section>

      <Section id="email" title="How we send email">
        <p>
          Account emails (verification codes, password resets) and deal emails (offers, signing requests, closing
          updates) are sent from our servers through an email delivery provider, which handles them only to deliver
          them. We keep a copy of each message we send so that we can show what was sent and when.
        </p>
      </Section>

      <Section id="retention" title="How long we keep data">
        <ul>
          <li>
            Account data: while your account is open. When you delete your account we remove your profile and listings.
          </li>
          <li>
            Signed agreements, their audit trails and closing records: as long as the law requires us to keep records of
            real-estate transactions, even after you delete your account.
          </li>
          <li>Server logs and sign-in records: for a limited period, to investigate problems and abuse.</li>
        </ul>
      </Section>

      <Section id="your-rights" title="Your rights">
        <p>
          You can see and correct most of your data in your profile. You can also ask us for a copy of the data we hold
          about you, ask us to correct or delete it, or object to how we use it. Some records of completed sales must be
          kept by law; we will tell you if that applies. You can unsubscribe from marketing email at any time.
        </p>
      </Section>

      <Section id="security" title="Security">
        <p>
          Passwords are hashed, connections are encrypted, and staff see only what their role needs. No system is
          perfect: use a strong password and turn on two-factor sign-in.
        </p>
      </Section>

      <Section id="contact" title="Contact">
        <p>
          Questions or requests about your data: email <a href={`mailto:${site.email}`}>{site.email}</a> or call{" "}
          {site.phone}. See also our <Link to={href("/terms-and-conditions")}>terms and conditions</Link>. If we change
          this policy we update the date at the top and, for important changes, tell account holders by email.
        </p>
      </Section>
    </ContentPage>
  );
}
