import { href } from "react-router";
import type { SeedPage } from "~/modules/content/page-seed";

/**
 * Buyers' guide pages the SPEC names that had no page (issue 32, decision 0079): written from DOMAIN.md's facts.
 * Figures with a date say which year they are from; anything the staff keep current (prices, dues) is linked to
 * the page or calculator that reads it from the data, never restated here as today's figure.
 */
export const BUYER_PAGES: SeedPage[] = [
  {
    route: "dvc-checklist",
    title: "DVC resale buying checklist",
    heading: "The resale buyer's checklist",
    description:
      "Twelve checks before you offer on a resale DVC contract: end date, use year, points on hand, resale restrictions, dues, price per point, deposit, ROFR and closing.",
    metaKeywords: "DVC resale checklist, buying DVC resale, ROFR, use year, resale restrictions",
    pageType: "buyer",
    showFeaturedListings: true,
    body: `
<p>A resale contract is real property with a deed, an end date and a yearly bill. Most buyers who regret a purchase skipped one of the checks below, not the price. Work through them with the listing open beside you; every listing on <a href="${href("/listings")}">our listings page</a> shows the figures you need.</p>

<h2>Before you choose a contract</h2>
<ol>
<li><strong>The resort and when its contract ends.</strong> Every contract ends on January 31 of its end year, from 2042 (Old Key West unless extended to 2057, BoardWalk, Beach Club, Boulder Ridge, Vero Beach, Hilton Head) to 2075 (Cabins at Fort Wilderness). A cheap price per point on a contract with few years left can cost more per year of use than a dearer one. Check the year on <a href="${href("/dvc-expiration-date")}">the contract end dates page</a> or the <a href="${href("/resorts")}">resort pages</a>.</li>
<li><strong>The use year.</strong> Points arrive on the first day of the use-year month (February, March, April, June, August, September, October or December) and are valid for twelve months. Pick the month that fits when you travel: it decides when you can bank and when points expire.</li>
<li><strong>Points on hand.</strong> A listing states the points for the previous (banked), current and next use years. A "loaded" contract carries extra banked points and is worth more; a "stripped" one is missing current points and should cost less. Banked points must be used by the end of the next use year and cannot be banked again.</li>
<li><strong>The resale restrictions.</strong> They depend on the resort and on when the contract was first resold. Read the table below, then <a href="${href("/resale-restrictions")}">the full resale restrictions guide</a>.</li>
</ol>

<table>
<thead><tr><th scope="col">Since</th><th scope="col">What resale points cannot do</th></tr></thead>
<tbody>
<tr><td>March 21, 2011</td><td>Book the Disney, Concierge and Adventurer Collections (cruises, non-DVC hotels).</td></tr>
<tr><td>April 4, 2016</td><td>Carry the membership extras: discounts and lounges.</td></tr>
<tr><td>January 19, 2019</td><td>Book Riviera, the Villas at Disneyland Hotel, the Cabins at Fort Wilderness or future resorts, if the contract is at one of the original 14 resorts; contracts at those three resorts book only their own resort. Older contracts are grandfathered.</td></tr>
</tbody>
</table>

<h2>Before you make an offer</h2>
<ol>
<li><strong>The annual dues.</strong> Dues are billed per point per calendar year and due by January 15; rises are capped at 15% a year unless owners approve them, and have run at roughly 3-5% a year. See each resort's figure on <a href="${href("/dvc-annual-dues")}">the annual dues page</a>.</li>
<li><strong>The price per point against the market.</strong> Compare the asking price with recent sales at the same resort on <a href="${href("/market")}">the market data page</a> and with the developer's price on <a href="${href("/dvc-compare-prices")}">the price comparison</a>. Contracts of 100 points or fewer usually fetch $10-15 a point more; loaded or stripped points move the price by about $5-15 a point.</li>
<li><strong>What the points will book.</strong> Price a real stay with <a href="${href("/buying-vacation-point-calculator")}">the vacation point calculator</a> before you choose a contract size. Points per night depend on the room, the view, the season and the day of the week.</li>
<li><strong>How you pay.</strong> Cash or a loan: lenders and their terms are on <a href="${href("/dvc-financing")}">the financing page</a>. Decide before you offer, because the offer says which.</li>
</ol>

<h2>When you make the offer</h2>
<ol>
<li><strong>The names on the deed.</strong> Give your legal names exactly as they should appear on the deed, and how you hold title: alone, as joint tenants or in a trust. Changing them after recording costs time and money.</li>
<li><strong>Who pays what.</strong> By custom the buyer pays the closing costs (title search, closing fee, recording: about $400-$800) and reimburses the seller for the unused months of the current year's dues; the seller pays the estoppel fee. All of it is negotiable and the agreement records it.</li>
<li><strong>The deposit.</strong> Once the purchase agreement is signed, the deposit (commonly 10%, at least $1,000) goes to the title company's escrow within 24-72 hours, never to the seller or to us.</li>
<li><strong>The calendar.</strong> Expect 60-90 days from offer to points in your account: the developer's right of first refusal takes about 20-30 days (rarely 45), the estoppel 2-4 weeks more, closing documents about 72 hours after that, then the deed is recorded and the points move in 10-14 business days. Hilton Head, Aulani and the Villas at Grand Californian take longer.</li>
</ol>

<h2>If the developer buys the contract</h2>
<p>Every resale is subject to right of first refusal: the developer may buy the contract on the same terms. If it does, your deposit comes back in full and you may offer on another contract. Historically the developer has exercised it on 4-15% of resales. Because it buys at the price you agreed, a price well below the market is the one it has most reason to take.</p>

<h2>Next steps</h2>
<ul>
<li>Tell us what you want on <a href="${href("/special-request")}">a special request</a> and hear by email when a matching contract is listed.</li>
<li>Read <a href="${href("/how-dvc-works")}">how DVC works</a> for the booking windows, banking and borrowing in full.</li>
<li>Questions? Our <a href="/faqs">buyer and seller FAQs</a> answer the common ones, and <a href="/contact-us">our team</a> answers the rest.</li>
</ul>
`,
  },
  {
    route: "why-vacation-points-market",
    title: "Why buy resale with Vacation Points Market",
    heading: "Why buy through Vacation Points Market",
    description:
      "What you get when you buy a resale DVC contract here: listings priced per point with dues and end dates, a score you can check, open market data and escrow.",
    metaKeywords: "DVC resale broker, buy DVC resale, DVC resale marketplace",
    pageType: "buyer",
    showFeaturedListings: true,
    body: `
<p>You can buy a resale contract through any licensed broker, and the steps after the offer are the same everywhere: the developer's right of first refusal, the estoppel, closing through a title company and the recorded deed. What differs is how much you can see before you offer, and how the money is held. This is what we do differently.</p>

<h2>Every listing priced the way you compare</h2>
<p>Every listing on <a href="${href("/listings")}">our listings page</a> shows the price per point, the total, the use year, the points for the previous, current and next use years, the contract end date and the resort's annual dues. You can sort and filter by resort, use year, contract size and price per point, save <a href="${href("/favorites")}">favorites</a> and put contracts side by side on <a href="${href("/compare")}">the compare page</a>. Listings from other licensed brokers appear beside our members' own, on <a href="${href("/broker-listings")}">the broker listings page</a>, so you see more of the market in one place.</p>

<h2>A score you can check, not a sales pitch</h2>
<p>Each listing carries a score and a good deal meter. Both are explained on the listing itself: we show the inputs and the comparison, so you can disagree with them. The method is the one brokers and owners use:</p>
<ul>
<li><strong>Actual value per point.</strong> The asking price adjusted for extra banked points or missing current points, valued at the resort's dues per point.</li>
<li><strong>Annualised cost.</strong> The price per point spread over the years left until the contract ends, plus the dues per point: a short contract at a low price is not always the bargain it looks.</li>
<li><strong>Normalised price.</strong> Recent comparable sales brought to a standard contract, with outliers left out, and the listing compared against them.</li>
</ul>

<h2>Open market data</h2>
<p>The asking and sold prices per point, days on market and the developer's buy-back rate per resort and month are public on <a href="${href("/market")}">the market data page</a>, with the figures downloadable. The <a href="${href("/dvc-compare-prices")}">price comparison</a> sets resale against the developer's own price, and <a href="${href("/dvc-annual-dues")}">the annual dues page</a> shows each resort's dues with their source. Where a dues figure is our estimate rather than a published one, the page says so.</p>

<h2>Offers and contracts online</h2>
<ul>
<li>Make an offer from the listing; counter-offers, acceptance and the time each offer stands are recorded in your account.</li>
<li>The purchase agreement is signed electronically by both sides. Every view and signature is logged, and the sealed contract cannot be changed without breaking its seal.</li>
<li>Your offers, agreements and their documents, the recorded deed included, stay in <a href="${href("/v2/profile")}">your profile</a>.</li>
</ul>

<h2>Your money goes to escrow</h2>
<p>Your deposit (commonly 10%, at least $1,000) and, at closing, the balance are paid to a licensed title company's escrow, never to the seller or to us. The seller is paid from escrow only after the deed is recorded. If the developer exercises its right of first refusal, your deposit is refunded in full.</p>

<h2>Honest about the restrictions</h2>
<p>Resale points cannot book everything direct points can. Since 2019, contracts at the original 14 resorts bought on resale cannot book Riviera, the Villas at Disneyland Hotel, the Cabins at Fort Wilderness or future resorts. We show each listing's restrictions before you offer, and <a href="${href("/resale-restrictions")}">the restrictions guide</a> explains them all.</p>

<h2>Tools for the whole decision</h2>
<table>
<thead><tr><th scope="col">Question</th><th scope="col">Where to answer it</th></tr></thead>
<tbody>
<tr><td>How many points does my trip need?</td><td><a href="${href("/buying-vacation-point-calculator")}">Vacation point calculator</a></td></tr>
<tr><td>What will the dues cost over the years?</td><td><a href="${href("/dvc-annual-dues")}">Annual dues</a></td></tr>
<tr><td>Is resale cheaper than buying direct?</td><td><a href="${href("/dvc-compare-prices")}">Compare prices</a></td></tr>
<tr><td>Can I finance it?</td><td><a href="${href("/dvc-financing")}">Financing</a></td></tr>
<tr><td>Should I buy or rent?</td><td><a href="/buying-rent-dvc-points">Buying or renting points</a></td></tr>
<tr><td>What should I check before offering?</td><td><a href="/dvc-checklist">The buyer's checklist</a></td></tr>
</tbody>
</table>

<h2>Start looking</h2>
<p>Browse <a href="${href("/listings")}">the listings</a>, or <a href="${href("/sign-up")}">create an account</a> to save favorites, file a <a href="${href("/special-request")}">special request</a> and make offers. To learn who we are, read <a href="${href("/about-us")}">about us</a>.</p>
`,
  },
  {
    route: "buying-rent-dvc-points",
    title: "Buy or rent DVC points: which fits you",
    heading: "Buying or renting DVC points",
    description:
      "Buying a resale DVC contract against renting points or a confirmed reservation: what each costs, what you commit to, and a way to work out the yearly cost of owning.",
    metaKeywords: "rent DVC points, buy DVC points, DVC rental vs buying, annualised cost per point",
    pageType: "buyer",
    body: `
<p>You do not need to own a contract to stay at a Disney Vacation Club resort. Owners rent out their points, often as a confirmed reservation. Whether to buy or to rent comes down to how often you will travel, for how many years, and how much you value choosing your own dates and room.</p>

<h2>What renting means</h2>
<p>An owner books a stay with their points and rents it to you; you pay the owner, and the reservation is in your name. On <a href="${href("/rentals")}">our rentals page</a> you search confirmed reservations by check-in date, nights, room type and price.</p>
<ul>
<li><strong>No commitment beyond the stay.</strong> No purchase price, no annual dues, no deed, no contract end date.</li>
<li><strong>No right of first refusal</strong> and no 60-90 day closing: you book what is offered.</li>
<li><strong>Less choice.</strong> You take the stays owners have booked and offered: the dates, resort and room are theirs.</li>
<li><strong>The price is the owner's.</strong> Each rental states its own price; it changes with the season and the room.</li>
</ul>

<h2>What buying means</h2>
<p>You own a share of a resort, with a deed, until the contract ends on January 31 of its end year. Your points arrive every year on the first day of your use-year month.</p>
<ul>
<li><strong>You book yourself</strong>: 11 months ahead at your home resort, 7 months ahead at the others.</li>
<li><strong>You can move points between years</strong>: bank up to all of a year's points in the first 8 months of the use year, or borrow from next year at any time.</li>
<li><strong>You pay dues every year</strong>, whether you travel or not: billed per point per calendar year and due by January 15, with rises capped at 15% a year unless owners approve.</li>
<li><strong>You can sell</strong> when your plans change, on the resale market, subject to the developer's right of first refusal.</li>
<li><strong>You can rent out</strong> the points you will not use.</li>
</ul>

<h2>The yearly cost of owning</h2>
<p>To compare owning with renting, turn the purchase into a yearly cost: divide the price per point by the years left on the contract, then add the dues per point. That is the annualised cost per point, before interest and before the value of selling later. Here it is with the July 2021 resale prices and the 2022 dues in our domain notes, counting the years left from 2026; use today's prices on <a href="${href("/market")}">the market page</a> and today's dues on <a href="${href("/dvc-annual-dues")}">the dues page</a> for your own sums.</p>
<table>
<thead><tr><th scope="col">Resort</th><th scope="col">Resale price per point (July 2021)</th><th scope="col">Years left from 2026</th><th scope="col">Dues per point (2022)</th><th scope="col">Annualised cost per point</th></tr></thead>
<tbody>
<tr><td>Riviera (ends 2070)</td><td>$145</td><td>44</td><td>$8.38</td><td>about $11.68</td></tr>
<tr><td>Hilton Head Island (ends 2042)</td><td>$70</td><td>16</td><td>$10.07</td><td>about $14.45</td></tr>
</tbody>
</table>
<p>The cheaper contract is the dearer one to own each year, because it ends sooner and its dues are higher. Multiply the annualised cost per point by the points a typical trip needs, from <a href="${href("/buying-vacation-point-calculator")}">the vacation point calculator</a>, and set it against what renting the same stay would cost.</p>

<h2>When each makes sense</h2>
<table>
<thead><tr><th scope="col">Your situation</th><th scope="col">Usually better</th></tr></thead>
<tbody>
<tr><td>One trip, or plans more than a year or two out are unsure</td><td>Renting</td></tr>
<tr><td>Travel to the resorts most years for a decade or more</td><td>Buying</td></tr>
<tr><td>You want a particular room at an 11-month booking window</td><td>Buying at that resort</td></tr>
<tr><td>You need to spread the cost</td><td>Buying with <a href="${href("/dvc-financing")}">financing</a>, or renting year by year</td></tr>
</tbody>
</table>

<h2>Before you buy</h2>
<p>Resale points carry restrictions that direct points do not: they cannot book the developer's cruise and hotel collections, do not carry the membership extras, and some contracts cannot book the newest resorts. Read <a href="${href("/resale-restrictions")}">the resale restrictions</a> and work through <a href="/dvc-checklist">the buyer's checklist</a>, then browse <a href="${href("/listings")}">the contracts for sale</a>.</p>
`,
  },
  {
    route: "city-records",
    title: "City records: the recorded deed of a DVC resale",
    heading: "City records: how your deed is recorded",
    description:
      "What recording the deed means when a resale DVC contract closes: who records it, what it costs, how long the points take to move and where you find the recorded deed.",
    metaKeywords: "DVC deed recording, recorded deed, DVC closing, deed stamps, county records",
    pageType: "guide",
    body: `
<p>A Disney Vacation Club contract is a deeded share of real estate. Like a house, it changes hands when a new deed naming the buyer is recorded in the public land records of the county where the resort stands. Recording is the last step of a resale closing, and it is what makes the sale final.</p>

<h2>Where recording sits in a resale</h2>
<ol>
<li>Offer, counter-offers and acceptance.</li>
<li>The purchase agreement, signed electronically by buyer and seller.</li>
<li>The deposit into the title company's escrow.</li>
<li>The developer's right of first refusal: an answer in about 20-30 days, rarely 45.</li>
<li>The estoppel from the developer, 2-4 weeks after the right of first refusal is waived.</li>
<li>Closing documents within about 72 hours of the estoppel: the seller signs before a notary; the buyer signs and wires the balance.</li>
<li><strong>The deed is recorded</strong>, the points are transferred in 10-14 business days and the seller is paid.</li>
</ol>
<p>The whole process usually takes 60-90 days, longer for Hilton Head, Aulani and the Villas at Grand Californian. See <a href="${href("/how-dvc-works")}">how DVC works</a> for each step.</p>

<h2>Who records the deed</h2>
<p>The title company handling the closing prepares the deed, has the seller sign it before a notary, and sends it to the county recorder once the buyer's funds are in escrow. Neither buyer nor seller has to visit a records office. When the recorded deed comes back, it is filed with your agreement: both parties find it among the agreement's documents in <a href="${href("/v2/profile")}">their profile</a>, beside the signed contract. We close an agreement on our side only when the recorded deed is on file.</p>

<h2>What the deed says</h2>
<ul>
<li><strong>The owners' names</strong>, exactly as the buyer gave them in the offer. Give full legal names; a misspelt name means a corrective deed later.</li>
<li><strong>How title is held</strong>: by one person, by several as joint tenants, or by a trust. This decides what happens to the contract if an owner dies, so decide it before you offer.</li>
<li><strong>The resort and the share</strong> the contract covers.</li>
</ul>

<h2>What recording costs</h2>
<table>
<thead><tr><th scope="col">Cost</th><th scope="col">Who pays by custom</th><th scope="col">Amount</th></tr></thead>
<tbody>
<tr><td>Title search, closing fee and recording</td><td>Buyer</td><td>About $400-$800 together</td></tr>
<tr><td>Florida deed stamps (Florida resorts)</td><td>Set in the agreement</td><td>$0.70 per $100 of the price</td></tr>
<tr><td>Estoppel fee</td><td>Seller</td><td>About $150</td></tr>
</tbody>
</table>
<p>Who pays which cost is negotiable, and the purchase agreement records it. Our closing cost estimate on each listing uses the title company's own figures where they are on record.</p>

<h2>Why recording matters to the buyer</h2>
<p>Until the deed is recorded, the contract is still the seller's in the public record, and the developer will not move the points. After it is recorded, you are the owner: the points arrive in your membership account within 10-14 business days, and from then on the annual dues are billed to you.</p>

<h2>Why recording matters to the seller</h2>
<p>The seller is paid from escrow after the deed is recorded, not before. That protects both sides: the buyer's money never leaves escrow until the ownership has changed. See <a href="${href("/selling-fees-associated")}">the fees of selling</a> for what is taken from the proceeds.</p>

<h2>Looking up a recorded deed</h2>
<p>Recorded deeds are public records. Most counties let anyone search their land records online by the owner's name; the recording details on your copy of the deed (the date and the book and page or instrument number) find it directly. If you cannot find your deed or a name on it is wrong, <a href="/contact-us">contact us</a> with your agreement number.</p>
`,
  },
  {
    route: "apps-coming-soon",
    title: "Our apps are coming soon",
    heading: "Apps for iPhone and Android: coming soon",
    description:
      "Our iPhone and Android apps are not out yet. What they will do for buyers and sellers, and how to use everything today on the website from any phone.",
    metaKeywords: "DVC resale app, Vacation Points Market app",
    pageType: "company",
    body: `
<p>We are building apps for iPhone and Android. They are not in the App Store or on Google Play yet, and there is nothing to download today. Everything below already works on this website, in the browser of any phone, tablet or computer.</p>

<h2>What the apps will do for buyers</h2>
<ul>
<li><strong>Alerts the moment a contract is listed</strong> that meets your <a href="${href("/special-request")}">special request</a>, or when a contract you follow drops its price.</li>
<li><strong>Your favorites and comparisons</strong> on the phone, the same ones you keep on the website.</li>
<li><strong>Offers on the move</strong>: make an offer, answer a counter-offer before it expires, and see where each offer stands.</li>
<li><strong>Your agreement's progress</strong>: the deposit, the developer's right of first refusal, the estoppel, closing and the recorded deed, step by step.</li>
</ul>

<h2>What the apps will do for sellers</h2>
<ul>
<li><strong>New offers as they arrive</strong>, with the price per point, the total and how long the offer stands, so you can answer within the 24-72 hours most offers allow.</li>
<li><strong>Your listings</strong>: change the price, mark a contract no-haggle or take it off the market.</li>
<li><strong>Your closing</strong>: what is signed, what is waiting, and when the proceeds are paid.</li>
</ul>

<h2>Until then: the website on your phone</h2>
<table>
<thead><tr><th scope="col">To do this</th><th scope="col">Go to</th></tr></thead>
<tbody>
<tr><td>Browse and filter contracts for sale</td><td><a href="${href("/listings")}">Listings</a></td></tr>
<tr><td>Rent a confirmed reservation</td><td><a href="${href("/rentals")}">Rentals</a></td></tr>
<tr><td>Hear about new matching listings by email</td><td><a href="${href("/special-request")}">Special requests</a></td></tr>
<tr><td>Follow your offers and agreements</td><td><a href="${href("/v2/profile")}">Your profile</a></td></tr>
<tr><td>Value a contract you own</td><td><a href="${href("/selling/rvc")}">Resale value calculator</a></td></tr>
<tr><td>Price a stay in points</td><td><a href="${href("/buying-vacation-point-calculator")}">Vacation point calculator</a></td></tr>
</tbody>
</table>
<p>Every page of the site is built to work on a small screen, and signing the purchase agreement works on a phone too.</p>

<h2>What will not change</h2>
<ul>
<li><strong>The same listings and prices</strong> as the website, from the same data, with the same score and good deal meter explained.</li>
<li><strong>The same safeguards.</strong> Deposits and balances still go to a licensed title company's escrow, every resale is still subject to the developer's right of first refusal, and the seller is still paid only after the deed is recorded.</li>
<li><strong>The same people.</strong> The apps are another way in, not a separate service: the brokers who answer on the website answer in the apps.</li>
</ul>

<h2>Hear when the apps launch</h2>
<p>Leave your phone number in the app box at the foot of any page and we will let you know when the apps are released. You can also <a href="${href("/sign-up")}">create an account</a> now: the apps will sign in with the same account, and your favorites, requests and offers will be waiting.</p>

<h2>Questions</h2>
<p>If you need help with something the website does not do yet, <a href="/contact-us">contact us</a>. For the common questions of buyers and sellers, see <a href="/faqs">our FAQs</a>.</p>
`,
  },
  {
    route: "faqs",
    title: "DVC resale FAQs for buyers and sellers",
    heading: "Frequently asked questions",
    description:
      "Answers to the questions buyers and sellers of resale DVC contracts ask most: the right of first refusal, closing, dues, use years, restrictions, fees and withholding.",
    metaKeywords: "DVC resale FAQ, DVC buyer questions, DVC seller questions, ROFR FAQ",
    pageType: "guide",
    body: `
<p>Buying or selling a resale contract involves real money and a process most people go through once or twice: the developer's right of first refusal, an estoppel, a title company, a recorded deed. These are the questions buyers and sellers ask us most, answered as plainly as we can. The answers rest on how resale contracts work for everyone, not only here; where a figure can change, such as prices, dues or our commission, the answer links to the page that shows the current one.</p>

<h2>How to use these answers</h2>
<ul>
<li><strong>Buying?</strong> Start with the buyer questions, then work through <a href="/dvc-checklist">the buyer's checklist</a> before you make an offer.</li>
<li><strong>Selling?</strong> Read the seller questions, then <a href="${href("/selling-fees-associated")}">the fees of selling</a> and <a href="/selling-how-long-to-sell">how long it takes to sell</a>.</li>
<li><strong>New to the Disney Vacation Club?</strong> <a href="${href("/how-dvc-works")}">How DVC works</a> explains points, use years, banking, borrowing and booking windows from the start.</li>
</ul>

<h2>The answers in brief</h2>
<table>
<thead><tr><th scope="col">Topic</th><th scope="col">The short answer</th></tr></thead>
<tbody>
<tr><td>Offer to points in your account</td><td>Usually 60-90 days; longer for Hilton Head, Aulani and Grand Californian.</td></tr>
<tr><td>Right of first refusal</td><td>The developer answers in about 20-30 days; if it buys, the buyer's deposit comes back in full.</td></tr>
<tr><td>Deposit</td><td>Commonly 10%, at least $1,000, paid to the title company's escrow.</td></tr>
<tr><td>Buyer's closing costs</td><td>About $400-$800 for the title search, closing fee and recording.</td></tr>
<tr><td>Seller's costs</td><td>The commission, an estoppel fee of about $150 and closing costs of about $200-$400.</td></tr>
<tr><td>Foreign sellers</td><td>FIRPTA withholds 15% of the gross price; Aulani adds HARPTA for non-residents of Hawaii.</td></tr>
</tbody>
</table>

<h2>All the questions</h2>
<div data-embed="faq-list"></div>

<h2>Did not find your question?</h2>
<p>Ask us on <a href="/contact-us">the contact page</a>; we usually answer within one business day. Buyers can also browse <a href="${href("/listings")}">the listings</a> and sellers can value their contract with <a href="${href("/selling/rvc")}">the resale value calculator</a> while they wait.</p>
`,
  },
];
