import { href, Link } from "react-router";
import { ContentPage, DataTable, Example, Note, pageMeta, Section } from "~/modules/content/ui/content-page";
import { HOME_RESORT_BOOKING_MONTHS, OTHER_RESORT_BOOKING_MONTHS } from "~/modules/resorts/resorts.rules";

export function meta() {
  return pageMeta(
    "How DVC works: use years, banking, booking and closing",
    "How Disney Vacation Club points work: use years, banking and borrowing, holding, loaded and stripped contracts, the 11- and 7-month booking windows, and the steps of a resale closing from offer to deed.",
  );
}

/** Use-year month, when points arrive, when they expire, and the last day to bank them (first 8 months). */
const USE_YEARS: [string, string, string, string][] = [
  ["February", "Feb 1", "Jan 31", "Sep 30"],
  ["March", "Mar 1", "end of February", "Oct 31"],
  ["April", "Apr 1", "Mar 31", "Nov 30"],
  ["June", "Jun 1", "May 31", "Jan 31"],
  ["August", "Aug 1", "Jul 31", "Mar 31"],
  ["September", "Sep 1", "Aug 31", "Apr 30"],
  ["October", "Oct 1", "Sep 30", "May 31"],
  ["December", "Dec 1", "Nov 30", "Jul 31"],
];

const CLOSING_STEPS: { title: string; time: string; text: string }[] = [
  {
    title: "Offer and acceptance",
    time: "Days",
    text: "The buyer makes an offer on a listing; the seller accepts, declines or counters until both agree on price and terms, including who pays this year's dues.",
  },
  {
    title: "Purchase agreement",
    time: "1-2 days",
    text: "Buyer and seller e-sign the purchase agreement, which records the price, points per use year and closing costs.",
  },
  {
    title: "Deposit into escrow",
    time: "24-72 hours",
    text: "The buyer pays a deposit, commonly 10% with a minimum of $1,000, to the licensed title company, which holds it in escrow.",
  },
  {
    title: "Right of first refusal (ROFR)",
    time: "About 20-30 days",
    text: "The contract is submitted to Disney, which has the right to buy it on the same terms. The answer usually takes 20-30 days, rarely 45.",
  },
  {
    title: "ROFR waived or exercised",
    time: "Same day",
    text: 'If Disney waives its right, the sale continues. If Disney exercises it (a "buy-back", historically 4-15% of contracts), Disney buys on the same terms and the buyer\'s deposit is refunded in full.',
  },
  {
    title: "Estoppel",
    time: "2-4 weeks after ROFR",
    text: "Disney issues the estoppel: its statement of the contract's points, use year, dues status and end date. The title company checks it against the agreement.",
  },
  {
    title: "Closing documents",
    time: "About 72 hours after estoppel",
    text: "The seller signs the deed before a notary; the buyer signs the closing documents and wires the balance to the title company.",
  },
  {
    title: "Deed recorded and points transferred",
    time: "10-14 business days",
    text: "The deed is recorded, Disney moves the points into the buyer's membership, and the title company pays the seller.",
  },
];

export default function HowDvcWorksPage() {
  return (
    <ContentPage
      path={href("/how-dvc-works")}
      eyebrow="Buying guide"
      title="How DVC works"
      lead="A Disney Vacation Club contract is a real-estate interest in a resort that comes with a yearly allowance of points. You spend the points on villa stays, pay annual dues for them, and can sell the contract when you no longer need it."
      related={[href("/resale-restrictions"), href("/dvc-annual-dues"), href("/resorts"), href("/about-us")]}
    >
      <Section id="use-year" title="Use years: when points arrive">
        <p>
          Every contract has a <strong>use year</strong> (UY) starting on the 1st of one of eight months: February,
          March, April, June, August, September, October or December. The contract's full allowance of points arrives on
          the 1st of that month and is valid for 12 months. A December use year, for example, runs from December 1 to
          November 30.
        </p>
        <DataTable
          caption="Use years at a glance"
          head={["Use year", "Points arrive", "Points expire", "Bank by"]}
          rows={USE_YEARS}
          footnote="Bank-by dates are the end of the eighth month of the use year."
        />
        <p>
          The use year matters when you buy: it decides when your points refresh and the deadlines for banking. It does
          not limit when you travel; you can book any date your points and the booking window allow.
        </p>
      </Section>

      <Section id="banking" title="Banking points">
        <p>
          Points you will not use this use year can be <strong>banked</strong> into the next one. You can bank up to all
          of a year's points, but only during the first 8 months of the use year:
        </p>
        <ul>
          <li>February use year: bank by September 30.</li>
          <li>December use year: bank by July 31.</li>
        </ul>
        <p>
          Banked points expire at the end of the next use year, and they cannot be banked again. Points you did not bank
          in time are still usable until the end of the current use year.
        </p>
      </Section>

      <Section id="borrowing" title="Borrowing points">
        <p>
          You can <strong>borrow</strong> points from your next use year at any time, up to the whole of next year's
          allowance, to make a bigger booking now. Borrowed points cannot be banked, and the next year starts with fewer
          points.
        </p>
      </Section>

      <Section id="holding" title="Holding points">
        <p>
          If you cancel or change a reservation less than 31 days before check-in, the points go into a{" "}
          <strong>holding</strong> account. Held points can be used only within the current use year and cannot be
          banked, so a late cancellation can cost the points if no other stay fits.
        </p>
      </Section>

      <Section id="points-per-year" title="Points per use year: loaded and stripped contracts">
        <p>
          A listing shows the points available in three use years: the <strong>previous</strong> year's points that were
          banked, the <strong>current</strong> year's points, and the <strong>next</strong> year's points. A standard
          contract has the full allowance this year and next.
        </p>
        <ul>
          <li>
            A <strong>loaded</strong> contract comes with extra banked points on top of the current year. It is worth
            more, but the banked points must be used before they expire.
          </li>
          <li>
            A <strong>stripped</strong> contract is missing some or all of the current year's points, because the seller
            used or borrowed them. It should cost less, and you wait longer for your first stay.
          </li>
        </ul>
        <Example title="Example: a loaded 150-point contract">
          <p>
            A listing shows 40 previous (banked), 150 current and 150 next. You can book 190 points before the current
            use year ends, as long as the 40 banked points are used first, before they expire.
          </p>
        </Example>
      </Section>

      <Section id="booking" title="Booking windows">
        <p>
          Points book villas night by night. The number of points a night costs depends on the resort, the room type
          (studio, one- or two-bedroom villa, grand villa, bungalow, cabin or treehouse), the view, the season and
          whether the night is a weekday (Sunday-Thursday) or a weekend (Friday-Saturday). A studio at the Villas at
          Grand Californian, for example, costs 17 points on a September Tuesday and 37 on the Saturday after
          Thanksgiving. Disney publishes new point charts every year.
        </p>
        <ul>
          <li>
            <strong>{HOME_RESORT_BOOKING_MONTHS} months before check-in</strong> you can book at your home resort, the
            resort of your contract. This priority is the main reason to buy at the resort you visit most.
          </li>
          <li>
            <strong>{OTHER_RESORT_BOOKING_MONTHS} months before check-in</strong> you can book at the other resorts your
            contract may use.
          </li>
        </ul>
        <p>
          Which other resorts a resale contract can book depends on its home resort and when it was bought: see the{" "}
          <Link to={href("/resale-restrictions")}>resale restrictions</Link>.
        </p>
      </Section>

      <Section id="closing" title="How a resale closes">
        <p>
          From accepted offer to points in your account usually takes <strong>60-90 days</strong>, and longer for Hilton
          Head, Aulani and Villas at Grand Californian. These are the steps:
        </p>
        <ol className="mt-6! list-none! space-y-4 pl-0!">
          {CLOSING_STEPS.map((s, i) => (
            <li key={s.title} className="mt-0! flex gap-4 rounded-lg border border-slate-200 bg-white p-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sky-800 text-sm font-semibold text-white"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="mt-0!">
                  <span className="sr-only">Step {i + 1}: </span>
                  {s.title}
                </h3>
                <p className="mt-0! text-sm font-medium text-slate-600">{s.time}</p>
                <p className="mt-2!">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <Note>
          <p>
            The deposit stays in the title company's escrow throughout. If Disney buys the contract back at the right of
            first refusal, the buyer gets the whole deposit back. Costs on each side are listed on{" "}
            <Link to={href("/selling-fees-associated")}>fees of selling</Link>.
          </p>
        </Note>
      </Section>
    </ContentPage>
  );
}
