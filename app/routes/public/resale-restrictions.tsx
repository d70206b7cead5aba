import { formatCalendarDate } from "~/lib/format";
import { href, Link } from "react-router";
import { ContentPage, DataTable, Note, pageMeta, Section } from "~/modules/content/ui/content-page";
import { RESALE_RULES } from "~/modules/resorts/resorts.rules";

export function meta() {
  return pageMeta(
    "DVC resale restrictions",
    "What Disney Vacation Club resale points can and cannot book: the 2011, 2016 and 2019 rules, what grandfathered means, and how to check a contract before you buy.",
  );
}

export default function ResaleRestrictionsPage() {
  return (
    <ContentPage
      path={href("/resale-restrictions")}
      eyebrow="Buying guide"
      title="DVC resale restrictions"
      lead="A contract bought on the resale market books the same villas with the same points as one bought from Disney, but three rules added since 2011 limit what resale points can do. They are the main reason resale points cost less."
      related={[href("/how-dvc-works"), href("/resorts"), href("/dvc-annual-dues"), href("/selling-fees-associated")]}
    >
      <Section id="rules" title="The three rules">
        <p>
          Each rule applies to resale contracts bought on or after the date it took effect. The date that counts is when
          the contract changed hands on the resale market, not when the points were first sold by Disney.
        </p>
        <DataTable
          caption="Resale restrictions by date"
          head={["Since", "Rule", "Applies to"]}
          rows={RESALE_RULES.map((r) => [formatCalendarDate(r.since), r.rule, r.appliesTo])}
        />
      </Section>

      <Section id="what-you-keep" title="What resale points can still do">
        <p>Every resale contract keeps the core of membership:</p>
        <ul>
          <li>
            Booking DVC villas with points, at the home resort 11 months before check-in and at the other resorts the
            contract may use 7 months before.
          </li>
          <li>Banking and borrowing points between use years, and holding points from a late cancellation.</li>
          <li>The same point charts, room types and seasons as a contract bought from Disney.</li>
        </ul>
        <p>
          The 2019 rule splits the resorts into two groups. Resale contracts at the original 14 resorts (Old Key West,
          BoardWalk, Beach Club, Boulder Ridge, Vero Beach, Hilton Head, Saratoga Springs, Animal Kingdom, Bay Lake
          Tower, Grand Californian, Aulani, Grand Floridian, Polynesian and Copper Creek) can book any of those 14.
          Resale contracts at <Link to={href("/resorts/:resort", { resort: "riviera" })}>Riviera</Link>,{" "}
          <Link to={href("/resorts/:resort", { resort: "disneyland-hotel-villas" })}>Villas at Disneyland Hotel</Link>{" "}
          and{" "}
          <Link to={href("/resorts/:resort", { resort: "cabins-at-fort-wilderness" })}>Cabins at Fort Wilderness</Link>{" "}
          can book only their own resort.
        </p>
      </Section>

      <Section id="grandfathered" title="What grandfathered means">
        <p>
          A contract is grandfathered when it was bought before a rule took effect: the rule does not apply to it, and
          it keeps the rights it had. A resale Animal Kingdom contract bought in 2017, for example, already lost the
          Collections (2011 rule) and membership extras (2016 rule), but it can still book Riviera because it was bought
          before January 19, 2019.
        </p>
        <p>
          Grandfathered rights stay with the owner who holds them. When a grandfathered contract is sold again on the
          resale market, the new buyer gets it under the rules in force on the day they buy, so the rights do not pass
          on. A contract listed as "grandfathered" therefore tells you about the seller's membership, not yours.
        </p>
      </Section>

      <Section id="check-a-contract" title="How to check a contract before you buy">
        <ol>
          <li>
            <strong>Find the home resort.</strong> It decides which group the contract falls in. The resort page shows
            the restrictions that apply, for example{" "}
            <Link to={href("/resorts/:resort", { resort: "animal-kingdom" })}>Animal Kingdom Villas</Link>.
          </li>
          <li>
            <strong>Read the listing's points per use year.</strong> Banked, current and next-year points come with the
            contract whatever its restrictions.
          </li>
          <li>
            <strong>Ask for the contract details.</strong> Our agents confirm the resort, use year, points and end date
            with the seller's paperwork, and the estoppel that Disney issues after the right of first refusal confirms
            them before closing.
          </li>
          <li>
            <strong>Plan for where you want to stay.</strong> If Riviera, the Disneyland Hotel villas or the Fort
            Wilderness cabins matter to you, buy a contract at that resort: a resale contract elsewhere cannot book
            them.
          </li>
        </ol>
        <Note>
          <p>
            These rules are Disney's and can change. We keep this page current, but the estoppel and Disney's membership
            documents are the final word on any contract.
          </p>
        </Note>
      </Section>
    </ContentPage>
  );
}
