import { href } from "react-router";

/**
 * The blog's and the help centre's first texts (decision 0080), written from the domain facts (docs: DOMAIN.md):
 * seeded once, then the writers' to change in /admin/blogs and /admin/support-pages.
 */

export const SEED_TOPICS = [
  { name: "Buying resale", slug: "buying-resale", description: "Choosing and buying a contract on the resale market." },
  { name: "Using your points", slug: "using-points", description: "Use years, banking, borrowing and booking." },
  {
    name: "ROFR and closing",
    slug: "rofr-and-closing",
    description: "From an accepted offer to points in your account.",
  },
  {
    name: "Costs and dues",
    slug: "costs-and-dues",
    description: "Annual dues, closing costs and what a contract really costs.",
  },
  { name: "Selling", slug: "selling", description: "Listing, pricing and selling a contract." },
] as const;

export type SeedPost = {
  slug: string;
  title: string;
  topic: (typeof SEED_TOPICS)[number]["slug"];
  excerpt: string;
  body: string;
  /** ISO date it was published. */
  publishedAt: string;
};

export const SEED_POSTS: SeedPost[] = [
  {
    slug: "resale-or-direct-what-you-give-up",
    title: "Buying resale or direct from Disney: what you save and what you give up",
    topic: "buying-resale",
    publishedAt: "2026-02-10T14:00:00Z",
    excerpt:
      "Resale points often cost a third to a half less than Disney's own price. Here is where the difference comes from, and the three restrictions that come with a resale contract.",
    body: `<p>Disney Vacation Club points can be bought two ways: from Disney, at its current price for the resort it is selling, or on the resale market from an owner who no longer needs them. The points book the same rooms at the same point charts. The price, and a few rights, differ.</p>
<h2>The price gap</h2>
<p>In July 2021, resale contracts sold for roughly these prices per point, against Disney's direct price at the same time:</p>
<table><caption>Price per point, July 2021 (resale / direct)</caption><thead><tr><th scope="col">Resort</th><th scope="col">Resale</th><th scope="col">Direct</th></tr></thead><tbody><tr><td>Animal Kingdom Villas</td><td>$118</td><td>$186</td></tr><tr><td>Bay Lake Tower</td><td>$150</td><td>$245</td></tr><tr><td>Old Key West</td><td>$112</td><td>$170</td></tr><tr><td>Saratoga Springs</td><td>$109</td><td>$165</td></tr><tr><td>Riviera</td><td>$145</td><td>$201</td></tr></tbody></table>
<p>Prices move every year, so check current listings, but the gap has been steady: resale usually costs a third to a half less.</p>
<h2>What a resale buyer gives up</h2>
<ul><li><strong>Since 21 March 2011</strong>, resale points cannot book the Disney, Concierge and Adventurer Collections (cruises and non-DVC hotels).</li><li><strong>Since 4 April 2016</strong>, resale buyers do not get the membership extras such as discounts and member lounges.</li><li><strong>Since 19 January 2019</strong>, resale contracts at the original 14 resorts bought on or after that date cannot book Riviera, the Villas at Disneyland Hotel, the Cabins at Fort Wilderness or later resorts; resale contracts at those three book only their own resort. Older contracts are grandfathered.</li></ul>
<h2>Who resale suits</h2>
<p>If you will use your points for DVC villas, resale is usually the better buy. If you want to book cruises or the newest resorts with any points you own, buy direct, or buy resale at the resort you want to stay at. Our <a href="${href("/resale-restrictions")}">resale restrictions guide</a> has the details.</p>`,
  },
  {
    slug: "use-years-banking-and-borrowing",
    title: "Use years, banking and borrowing, explained",
    topic: "using-points",
    publishedAt: "2026-03-18T14:00:00Z",
    excerpt:
      "Your points arrive on the first day of your use year and last twelve months. Banking and borrowing let you move them, within firm deadlines.",
    body: `<p>Every contract has a <strong>use year</strong>: the month its points arrive. There are eight: February, March, April, June, August, September, October and December. Points arrive on the first of that month and can be used for twelve months; a December use year runs from 1 December to 30 November.</p>
<h2>Banking</h2>
<p>You may bank (save) some or all of a year's points into the next use year, but only within the first eight months of the use year. With a February use year the deadline is 30 September; with a December use year, 31 July. Banked points expire at the end of the next use year, and they cannot be banked a second time.</p>
<h2>Borrowing</h2>
<p>You may borrow any time, up to all of next use year's points, to book a bigger stay now. Borrowed points cannot be banked, and what you borrow is gone from next year.</p>
<h2>Holding</h2>
<p>If you cancel a reservation less than 31 days before check-in, the points go into holding. Held points can only be used within the current use year, so plan short-notice cancellations carefully.</p>
<h2>Why it matters when you buy</h2>
<p>A listing states its points per use year: banked (previous), current and next. A <strong>loaded</strong> contract carries extra banked points and is worth a little more; a <strong>stripped</strong> one is missing current points and should cost less. Check whether those points must be used soon: banked points expire at the end of the next use year.</p>`,
  },
  {
    slug: "how-rofr-works",
    title: "How Disney's right of first refusal works",
    topic: "rofr-and-closing",
    publishedAt: "2026-05-05T14:00:00Z",
    excerpt:
      "Every resale contract is offered to Disney first. It answers in about three to four weeks, and when it buys, your deposit comes back in full.",
    body: `<p>Every resale purchase agreement is <em>subject to ROFR</em>: Disney, as the developer, has the right of first refusal. Once buyer and seller have signed, the contract's terms go to Disney, which may buy the contract itself on exactly the same terms.</p>
<h2>How long it takes</h2>
<p>Disney usually answers in about 20 to 30 days after submission; it has occasionally taken 45. Public ROFR reports put the median between 21 and 30 days.</p>
<h2>Waived or exercised</h2>
<ul><li><strong>Waived</strong>: the sale goes on. Disney sends an estoppel (its statement of the contract's points, dues and standing) two to four weeks later, and closing follows.</li><li><strong>Exercised</strong>: Disney buys the contract on the agreed terms. The sale to you ends and your deposit is returned in full from escrow. Historically Disney has bought back between about 4% and 15% of contracts, more often those priced well below the market.</li></ul>
<h2>What improves your odds</h2>
<p>A price in line with recent sales of similar contracts is the surest way through. Offers far below the market are the ones Disney tends to take. There is nothing to pay and nothing to do while you wait: the title company holds your deposit until the answer comes.</p>`,
  },
  {
    slug: "what-happens-at-closing",
    title: "What happens between ROFR and closing",
    topic: "rofr-and-closing",
    publishedAt: "2026-06-16T14:00:00Z",
    excerpt:
      "After Disney waives its right of first refusal, the estoppel, the closing documents, the deed and the points transfer follow. Expect 60 to 90 days in all.",
    body: `<p>Once Disney waives ROFR, the title company takes the sale to closing. The steps:</p>
<ol><li><strong>Estoppel.</strong> Disney's statement of the contract, 2 to 4 weeks after ROFR: the points by use year, the dues paid and any amounts owed.</li><li><strong>Closing documents.</strong> About 72 hours after the estoppel. The seller signs before a notary; the buyer signs and wires the balance to the title company's escrow account, never to the seller or a broker.</li><li><strong>Deed recorded.</strong> The title company records the deed with the county.</li><li><strong>Points transferred.</strong> Disney moves the contract into the buyer's membership in 10 to 14 business days. The seller is paid from escrow after the deed is recorded.</li></ol>
<h2>How long the whole process takes</h2>
<p>From an accepted offer to points in your account, expect 60 to 90 days. Sales at Hilton Head Island, Aulani and the Villas at Grand Californian often take longer, because the deed is recorded outside Florida.</p>
<h2>Money at closing</h2>
<p>The buyer usually pays the closing costs (title search, closing fee and recording, about $400 to $800; Florida deeds add stamps of $0.70 per $100 of price) and reimburses the seller the unused share of the year's dues. The seller usually pays the estoppel fee, about $150. Your agreement records who pays what.</p>`,
  },
  {
    slug: "annual-dues-what-you-really-pay",
    title: "Annual dues: what a contract really costs each year",
    topic: "costs-and-dues",
    publishedAt: "2026-08-11T14:00:00Z",
    excerpt:
      "Dues are billed per point every calendar year and rise about 3 to 5% a year. Here is how they are billed, prorated at closing, and compared between resorts.",
    body: `<p>Owning points means paying annual dues: a charge per point per calendar year, billed for the year and due by 15 January. Rises are capped at 15% a year unless owners approve more; in practice they have grown about 3 to 5% a year.</p>
<h2>They differ by resort</h2>
<table><caption>Annual dues per point, 2022</caption><thead><tr><th scope="col">Resort</th><th scope="col">Dues per point</th></tr></thead><tbody><tr><td>Villas at Grand Floridian</td><td>$7.01</td></tr><tr><td>Bay Lake Tower</td><td>$7.08</td></tr><tr><td>Saratoga Springs</td><td>$7.33</td></tr><tr><td>Animal Kingdom Villas</td><td>$8.24</td></tr><tr><td>Old Key West</td><td>$8.81</td></tr><tr><td>Hilton Head Island</td><td>$10.07</td></tr><tr><td>Vero Beach</td><td>$11.94</td></tr></tbody></table>
<p>A 150-point contract at $8 a point costs $1,200 a year, every year, for as long as you own it. See the current figures on our <a href="${href("/dvc-annual-dues")}">annual dues page</a>.</p>
<h2>Dues at closing</h2>
<p>The seller has usually paid the year's dues. By custom the buyer reimburses the unused share: the months left in the calendar year, divided by 12, times the year's dues, adjusted for who gets which points. It is negotiable, and the purchase agreement says who pays.</p>
<h2>Comparing contracts</h2>
<p>A cheap price per point at a resort with high dues can cost more over the years than a dearer contract with low dues and a later end date. Divide the price per point by the years left, then add the dues per point: that is the contract's cost per point per year.</p>`,
  },
  {
    slug: "pricing-your-contract-to-sell",
    title: "Pricing your contract to sell",
    topic: "selling",
    publishedAt: "2026-10-06T14:00:00Z",
    excerpt:
      "Buyers compare price per point, the points that come with the contract and the years left. Price against recent sales and your contract sells, and passes ROFR.",
    body: `<p>Buyers shop by price per point, so that is what to get right. Three things move it.</p>
<h2>The resort and its end year</h2>
<p>Contracts at resorts that end later sell for more: a Riviera contract runs to 2070, a BoardWalk one to 2042. Compare your asking price with recent sales at your resort, not across resorts.</p>
<h2>The points that come with it</h2>
<p>A contract with banked points ("loaded") is worth roughly $5 to $15 a point more; one missing its current points ("stripped") that much less. Points already reserved for a stay you will take transfer only after it, or are left out and priced in.</p>
<h2>Size</h2>
<p>Small contracts, 100 points or fewer, fetch about $10 to $15 a point more, because more buyers can afford them.</p>
<h2>Priced too low, priced too high</h2>
<p>Priced far above recent sales, a contract sits. Priced far below, Disney may exercise its right of first refusal and buy it itself, which still sells it but on the price you agreed. Our <a href="${href("/selling/rvc")}">resale value calculator</a> compares your contract with recent sales.</p>
<h2>Your costs as a seller</h2>
<p>Expect the estoppel fee (about $150), closing costs of about $200 to $400, and the broker's commission. A seller abroad has 15% of the price withheld under FIRPTA, and at Aulani a non-resident seller also has Hawaii's HARPTA withholding.</p>`,
  },
  {
    slug: "checklist-before-you-make-an-offer",
    title: "A checklist before you make an offer",
    topic: "buying-resale",
    publishedAt: "2026-11-17T15:00:00Z",
    excerpt:
      "Six things to check on any listing before you offer: the resort's end year, the use year, the points by year, the restrictions, the dues and the total you will pay.",
    body: `<p>An offer here is a price per point for the whole contract. Before you make one, check:</p>
<ol><li><strong>The end year.</strong> Every contract ends on 31 January of its resort's end year: 2042 at Old Key West (2057 if extended), 2057 at Animal Kingdom, 2070 at Riviera.</li><li><strong>The use year.</strong> It decides when points arrive and when banking closes.</li><li><strong>Points by year.</strong> Banked, current and next: are you paying for points you can use before they expire?</li><li><strong>Restrictions.</strong> A resale contract bought today at one of the original 14 resorts cannot book Riviera, the Villas at Disneyland Hotel or the Cabins at Fort Wilderness.</li><li><strong>Dues.</strong> Multiply the points by the resort's dues per point: that is your yearly bill, and you will likely reimburse part of this year's at closing.</li><li><strong>The total.</strong> Points times price per point, plus closing costs of about $400 to $800.</li></ol>
<p>When you are ready, your offer names the buyer's legal names as they will appear on the deed, cash or financing, and how long the offer stands, commonly 24 to 72 hours. The seller may accept, counter or decline.</p>`,
  },
];

export const SEED_HELP_CATEGORIES = [
  { name: "Buying", slug: "buying", description: "Making an offer and what follows." },
  {
    name: "Deposits, ROFR and closing",
    slug: "deposits-rofr-closing",
    description: "Escrow, Disney's answer and the documents.",
  },
  { name: "Selling", slug: "selling", description: "Listing your contract and answering offers." },
] as const;

export type SeedHelpPage = {
  slug: string;
  title: string;
  category: (typeof SEED_HELP_CATEGORIES)[number]["slug"];
  summary: string;
  body: string;
};

export const SEED_HELP_PAGES: SeedHelpPage[] = [
  {
    slug: "how-to-make-an-offer",
    title: "How to make an offer",
    category: "buying",
    summary: "Offer a price per point on any listing; the seller accepts, counters or declines.",
    body: `<p>Open a listing and choose <strong>Make an offer</strong>. You need an account as a buyer with a verified email address.</p>
<ol><li>Enter your price per point. The total is the contract's points times that price.</li><li>Give the buyers' legal names as they should appear on the deed, and how you will hold title (on your own, jointly, or in a trust).</li><li>Say whether you pay in cash or with financing.</li><li>Send the offer. It stands for the time shown, commonly 24 to 72 hours.</li></ol>
<p>The seller may accept, decline or counter with a new price, which restarts the clock. You can withdraw an offer or a counter until it is accepted. Your offers and their answers are under <strong>Offers</strong> in your profile.</p>`,
  },
  {
    slug: "after-your-offer-is-accepted",
    title: "What happens after your offer is accepted",
    category: "buying",
    summary: "The purchase agreement, your deposit, Disney's ROFR, then closing: 60 to 90 days in all.",
    body: `<p>When the seller accepts, the other offers on that listing end and the sale starts:</p>
<ol><li><strong>Purchase agreement.</strong> You and the seller sign it electronically; it appears under <strong>Agreements</strong> in your profile.</li><li><strong>Deposit.</strong> You pay the deposit into the title company's escrow.</li><li><strong>ROFR.</strong> The title company sends the contract to Disney, which answers in about 20 to 30 days.</li><li><strong>Estoppel and closing.</strong> Two to four weeks after ROFR is waived, Disney's estoppel arrives; the closing documents follow within about 72 hours.</li><li><strong>Points.</strong> After the deed is recorded, Disney moves the points into your membership in 10 to 14 business days.</li></ol>
<p>Each step shows on your agreement's page and in the journal in your profile.</p>`,
  },
  {
    slug: "deposits-and-escrow",
    title: "Deposits and escrow",
    category: "deposits-rofr-closing",
    summary: "Your deposit and the balance go to the title company's escrow, never to the seller or to us.",
    body: `<p>After both sides sign the purchase agreement you pay a deposit, commonly 10% of the price with a minimum of $1,000, within 24 to 72 hours. The amount and the deadline are shown on your agreement.</p>
<p>The deposit is paid to the title company's escrow account. At closing the balance goes there too. The title company pays the seller only after the deed is recorded.</p>
<p>If Disney exercises its right of first refusal, the sale ends and your deposit is returned to you in full.</p>
<p><strong>Never wire money</strong> to a seller, a broker or an account sent to you by email without checking it: use only the title company's instructions as your agreement shows them, and call the title company on a number you found yourself if anything looks different.</p>`,
  },
  {
    slug: "the-rofr-wait",
    title: "Waiting for ROFR",
    category: "deposits-rofr-closing",
    summary:
      "Disney has about 30 days to decide whether to buy the contract itself. Nothing is needed from you meanwhile.",
    body: `<p>Every resale sale is offered to Disney first. The title company submits the contract's terms; Disney usually answers in 20 to 30 days, rarely as long as 45.</p>
<ul><li>If Disney <strong>waives</strong> its right, the sale continues to the estoppel and closing.</li><li>If Disney <strong>exercises</strong> it, Disney buys the contract on the same terms, the sale to you ends and your deposit is refunded in full.</li></ul>
<p>There is nothing for you to sign or pay while you wait. Your agreement's page shows its stage, and changes when the answer comes.</p>`,
  },
  {
    slug: "closing-documents",
    title: "Closing documents",
    category: "deposits-rofr-closing",
    summary: "What the buyer and the seller sign at closing, and when the money moves.",
    body: `<p>About 72 hours after Disney's estoppel arrives, the title company sends the closing documents.</p>
<ul><li><strong>Sellers</strong> sign the deed before a notary and return the originals as the title company asks.</li><li><strong>Buyers</strong> sign the closing statement and wire the balance, with the closing costs and the dues reimbursement it shows, to the title company's escrow account.</li></ul>
<p>The title company then records the deed. Once it is recorded the seller is paid from escrow, and Disney moves the points into the buyer's membership in 10 to 14 business days.</p>`,
  },
  {
    slug: "listing-your-contract",
    title: "Listing your contract",
    category: "selling",
    summary: "What to have at hand, and what buyers see, when you list a contract for sale.",
    body: `<p>Sign up as a seller and choose <strong>Inventory for sale</strong> in your profile to list a contract. Have at hand:</p>
<ul><li>the resort, the number of points and the use year;</li><li>the points in each use year: banked, current and next, and any reserved for a stay;</li><li>your asking price per point. The <a href="${href("/selling/rvc")}">resale value calculator</a> compares your contract with recent sales.</li></ul>
<p>Each listing is reviewed before it is shown. Buyers see the resort, points, use year, points by year and your price. Offers come to <strong>Offers</strong> in your profile, where you accept, counter or decline them.</p>`,
  },
  {
    slug: "answering-offers",
    title: "Answering offers as a seller",
    category: "selling",
    summary: "Accept, counter or decline each offer before it expires; accepting one ends the others.",
    body: `<p>Each offer shows the price per point, the total, cash or financing, and how long it stands. You can:</p>
<ul><li><strong>Accept</strong>: the purchase agreement is prepared for both sides to sign, and every other offer on the listing ends.</li><li><strong>Counter</strong> with a new price or terms: the clock restarts and the buyer answers.</li><li><strong>Decline</strong>: the buyer is told and may offer again.</li></ul>
<p>An offer you do not answer expires at its time. A counter can be withdrawn until it is accepted.</p>`,
  },
];
