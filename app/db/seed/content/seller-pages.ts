import { href } from "react-router";
import type { SeedPage } from "~/modules/content/page-seed";

/**
 * The nine seller pages the SPEC names (issue 32, decision 0079), from DOMAIN.md's facts. Our commission is never
 * written as a number here: it is a setting (the admin fees tweaks, decision 0058) and the pages show it through
 * the `commission-table` embed; the brokers and the days on market come from the data through their embeds.
 */
export const SELLER_PAGES: SeedPage[] = [
  {
    route: "selling-how-long-to-sell",
    title: "How long it takes to sell a DVC resale contract",
    heading: "How long does it take to sell?",
    description:
      "How long a resale DVC contract takes to sell: the median days on market here, then the 60-90 days from accepted offer to closing, step by step, and what speeds it up.",
    metaKeywords: "how long to sell DVC, DVC days on market, DVC resale timeline, ROFR time",
    pageType: "seller",
    body: `
<p>Selling a resale contract takes two stretches of time: finding a buyer at your price, and then closing. The first depends on your price and your contract; the second follows a fixed sequence of steps that takes about the same time whoever sells.</p>

<h2>Days on market here</h2>
<p>These are the medians of the contracts that sold through this marketplace over the last twelve months, counted from the day each listing went live. Half the contracts sold faster and half took longer.</p>
<div data-embed="median-days-on-market"></div>

<h2>From accepted offer to payment</h2>
<table>
<thead><tr><th scope="col">Step</th><th scope="col">Usual time</th></tr></thead>
<tbody>
<tr><td>Purchase agreement signed electronically by buyer and seller</td><td>Right after acceptance</td></tr>
<tr><td>Buyer's deposit into the title company's escrow</td><td>24-72 hours</td></tr>
<tr><td>The developer's right of first refusal (ROFR)</td><td>About 20-30 days, rarely 45</td></tr>
<tr><td>Estoppel from the developer</td><td>2-4 weeks after ROFR is waived</td></tr>
<tr><td>Closing documents: you sign before a notary, the buyer wires the balance</td><td>About 72 hours after the estoppel</td></tr>
<tr><td>Deed recorded, points transferred, you are paid</td><td>10-14 business days</td></tr>
</tbody>
</table>
<p>Altogether, 60-90 days from offer to points in the buyer's account. Hilton Head, Aulani and the Villas at Grand Californian take longer. Read more about the last step on <a href="/city-records">how the deed is recorded</a>.</p>

<h2>What decides how fast you find a buyer</h2>
<ul>
<li><strong>The price per point against recent sales.</strong> This matters more than anything else. Check your resort's recent sold prices on <a href="${href("/market")}">the market data page</a> and value your contract with <a href="${href("/selling/rvc")}">the resale value calculator</a> before you set a price.</li>
<li><strong>The resort and its end date.</strong> The fewer years a contract has left, the less a buyer will pay per point, because the price is spread over fewer years of use; a contract ending in 2042 needs a sharper price than one ending in 2070.</li>
<li><strong>The size.</strong> Contracts of 100 points or fewer are in demand and usually fetch $10-15 a point more.</li>
<li><strong>The points on hand.</strong> A loaded contract (extra banked points) sells faster at the same price; a stripped one (current points used or missing) needs a lower price, by about $5-15 a point.</li>
<li><strong>How quickly you answer offers.</strong> Most offers stand for 24-72 hours. A buyer who waits for an answer often offers on another contract.</li>
</ul>

<h2>What slows a sale after the offer</h2>
<ul>
<li><strong>Unpaid dues or a loan on the contract.</strong> Both must be settled from the proceeds at closing, and the title company needs the figures to do it.</li>
<li><strong>Points in use.</strong> Points you have booked for a stay move only after the stay, or are left out and priced in; say so in the listing.</li>
<li><strong>A foreign seller.</strong> FIRPTA and, for Aulani, HARPTA withholding add paperwork: see <a href="/tax-withholding">tax withholding</a>.</li>
<li><strong>A seller who is hard to reach for the notarised signature.</strong> Plan for a notary in the week after the estoppel.</li>
<li><strong>The developer's buy-back.</strong> If the developer exercises its right of first refusal, it buys on the same terms and closing continues with it: see <a href="/buy-back">buy-back</a>.</li>
</ul>

<h2>Start now</h2>
<p>Value your contract with <a href="${href("/selling/rvc")}">the resale value calculator</a>, read <a href="/selling-strategy">the selling strategy</a>, and <a href="${href("/sign-up")}?role=seller">create a seller account</a> to list it. The fees are set out on <a href="${href("/selling-fees-associated")}">the fees of selling</a>.</p>
`,
  },
  {
    route: "selling/comparison",
    title: "Instant sale or listing: selling your DVC contract",
    heading: "Instant sale or listing on the market?",
    description:
      "An instant cash offer for your DVC contract against listing it for buyers: what each pays, how long each takes, and why the right of first refusal applies to both.",
    metaKeywords: "instant sale DVC, sell DVC fast, DVC cash offer, sell DVC contract",
    pageType: "seller",
    body: `
<p>There are two ways to sell a resale contract. You can take an instant offer from a company that buys contracts to resell them, or you can list the contract so that buyers who want to use it compete for it. The first is quicker to agree; the second usually pays more. Here is how they compare, so you can choose with the figures in front of you.</p>

<h2>What an instant sale is</h2>
<p>A reseller quotes you a price for the whole contract and buys it outright. The reseller makes its margin by selling the contract on at the market price later, so its offer has to be below what a buyer who plans to use the points would pay. You trade price for certainty about the figure.</p>

<h2>What listing is</h2>
<p>You set an asking price per point, the listing goes live, and buyers make offers. You can accept, counter or decline each one; several offers can arrive at once, and accepting one ends the others. You pay a commission only when the sale closes, taken from the proceeds.</p>

<h2>Side by side</h2>
<table>
<thead><tr><th scope="col">What differs</th><th scope="col">Instant sale to a reseller</th><th scope="col">Listing for buyers</th></tr></thead>
<tbody>
<tr><th scope="row">Price</th><td>Below market: the reseller's margin comes out of it</td><td>What buyers pay at today's market, less the commission</td></tr>
<tr><th scope="row">Time to agree a price</th><td>Quick: the reseller names its price</td><td>Depends on your price: see <a href="/selling-how-long-to-sell">how long to sell</a></td></tr>
<tr><th scope="row">Right of first refusal</th><td>Applies: the developer may buy on the same terms</td><td>Applies: the developer may buy on the same terms</td></tr>
<tr><th scope="row">Estoppel, closing, recorded deed</th><td>Same steps, same 2-4 weeks and 72 hours</td><td>Same steps, same 2-4 weeks and 72 hours</td></tr>
<tr><th scope="row">Your costs</th><td>Whatever the reseller's offer deducts: ask for them in writing</td><td>The commission, the estoppel fee (about $150) and closing costs (about $200-$400)</td></tr>
<tr><th scope="row">Control</th><td>Take it or leave it</td><td>You accept, counter or decline every offer</td></tr>
</tbody>
</table>

<h2>The part an instant sale cannot skip</h2>
<p>Every resale is subject to the developer's right of first refusal, whoever the buyer is. So an "instant" sale still waits about 20-30 days for the developer's answer, then 2-4 weeks for the estoppel, and the money reaches you only after the deed is recorded. An instant sale saves the time it takes to find a buyer; it does not shorten the closing.</p>

<h2>Working out the difference</h2>
<ol>
<li>Find what contracts like yours have sold for recently on <a href="${href("/market")}">the market data page</a>, or value yours with <a href="${href("/selling/rvc")}">the resale value calculator</a>.</li>
<li>Multiply by your points and take off the commission and costs from <a href="${href("/selling-fees-associated")}">the fees of selling</a>. That is what a listing would likely net you.</li>
<li>Set the instant offer against it. The gap is what you pay for speed.</li>
</ol>
<p>For a contract that is hard to sell (one ending soon, a resort with little demand, or heavily stripped points), a fair instant offer can be close to what a listing would net. For a small contract at a popular resort with many years left, the gap is usually wide, and buyers are waiting: see <a href="/dvc-waitlist">the buyers' waitlist</a>.</p>

<h2>Selling quickly by listing</h2>
<ul>
<li>Price at or just under the recent median for your resort and contract size.</li>
<li>Mark the listing no-haggle if you will not take less; buyers see the badge and are not invited to offer below your price.</li>
<li>Answer offers the same day.</li>
<li>Have your membership details, the names on your deed and a notary in mind before the first offer arrives.</li>
</ul>
<p>Read <a href="/selling-strategy">the selling strategy</a> for the rest, or <a href="${href("/sign-up")}?role=seller">create a seller account</a> and list today.</p>
`,
  },
  {
    route: "compare-brokers",
    title: "Compare DVC resale brokers and their commissions",
    heading: "Compare resale brokers",
    description:
      "The resale brokers whose listings we show, with the commission each states, beside ours worked out on a typical sale here, and what else to compare before you sign.",
    metaKeywords: "DVC resale brokers, compare DVC brokers, DVC broker commission",
    pageType: "seller",
    body: `
<p>Most resale contracts are sold through a licensed broker, and across the market commissions typically run from 6.9% to 10% of the price. The percentage is not the only difference. This page sets out what the brokers whose listings appear on our site charge, as each states it, beside our own terms, and the other things worth comparing before you sign a listing agreement.</p>

<h2>Commissions side by side</h2>
<p>The table is built from the brokers on record with us and their stated terms, and from our own commission as our closing statement charges it. Where a broker states a single percent or dollar figure, we work it out on the median sale here so you can compare like with like.</p>
<div data-embed="broker-comparison"></div>

<h2>Our commission in detail</h2>
<div data-embed="commission-table"></div>
<p>If you hold a lower written quote from another licensed broker for the same contract, show it to us: we match it. How the commission can vary is explained on <a href="/variable-commission">variable commission</a>.</p>

<h2>What else to compare</h2>
<table>
<thead><tr><th scope="col">Question to ask</th><th scope="col">Why it matters</th></tr></thead>
<tbody>
<tr><td>Is any fee due before the sale closes?</td><td>A commission should come from the proceeds at closing, not from you up front.</td></tr>
<tr><td>How long does the listing agreement bind you?</td><td>A long lock-in keeps you from moving to a better offer of service.</td></tr>
<tr><td>Is there a minimum commission?</td><td>On a small contract a minimum can be a far larger share of the price than the headline percent.</td></tr>
<tr><td>Who holds the buyer's deposit?</td><td>It should go to a licensed title company's escrow, never to the seller or the broker.</td></tr>
<tr><td>Who pays the estoppel and closing costs?</td><td>By custom the seller pays the estoppel fee (about $150) and closing costs of about $200-$400; check nothing else is added.</td></tr>
<tr><td>How will buyers see your contract?</td><td>Ask where the listing appears and how buyers compare it with the rest of the market.</td></tr>
<tr><td>How are offers handled?</td><td>Offers usually stand 24-72 hours; you want to see each one, its price per point and its terms, as it arrives.</td></tr>
</tbody>
</table>

<h2>What is the same with every broker</h2>
<ul>
<li>The developer's right of first refusal, about 20-30 days.</li>
<li>The estoppel, 2-4 weeks after that, and closing documents about 72 hours later.</li>
<li>The recorded deed, after which the points move in 10-14 business days and you are paid.</li>
<li>Tax withholding for foreign sellers: see <a href="/tax-withholding">tax withholding</a>.</li>
</ul>
<p>No broker can skip these steps, so be wary of any promise of a much faster closing. How long finding a buyer takes is a different matter: see <a href="/selling-how-long-to-sell">how long to sell</a>.</p>

<h2>Why sellers list here</h2>
<p>Listings here show buyers the price per point, the points on hand, the dues and the end date, and each carries a score that explains itself, so a fairly priced contract stands out. Read <a href="/why-sell">why sell with us</a>, see <a href="${href("/selling-fees-associated")}">the fees of selling</a> in full, or <a href="${href("/sign-up")}?role=seller">create a seller account</a>.</p>
`,
  },
  {
    route: "selling-strategy",
    title: "Selling strategy for a DVC resale contract",
    heading: "A selling strategy that works",
    description:
      "How to price, list and negotiate a resale DVC contract: reading recent sales, adjusting for banked or missing points, answering offers, and the terms that move the price.",
    metaKeywords: "DVC selling strategy, price DVC contract, DVC resale pricing, negotiate DVC offer",
    pageType: "seller",
    body: `
<p>A resale contract sells when its price makes sense to a buyer who has every other listing one click away. Buyers here compare price per point, points on hand, dues and end dates across the whole market, so a strategy starts with the same figures they see.</p>

<h2>1. Price from recent sales, not from what you paid</h2>
<ul>
<li>Look up recent sold prices per point at your resort on <a href="${href("/market")}">the market data page</a>. Sold prices matter more than asking prices: asking prices include the contracts that are not selling.</li>
<li>Value your own contract with <a href="${href("/selling/rvc")}">the resale value calculator</a>: it compares your contract with similar listings and closed sales and gives a range.</li>
<li>Set the price against the developer's own price on <a href="${href("/dvc-compare-prices")}">the price comparison</a> only to understand the buyer's alternative: resale buyers pay well below direct prices because resale points carry <a href="${href("/resale-restrictions")}">restrictions</a>.</li>
</ul>

<h2>2. Adjust for what your contract holds</h2>
<table>
<thead><tr><th scope="col">Your contract</th><th scope="col">Effect on the price a buyer will pay</th></tr></thead>
<tbody>
<tr><td>100 points or fewer</td><td>Usually $10-15 a point more</td></tr>
<tr><td>Loaded: extra banked points</td><td>About $5-15 a point more</td></tr>
<tr><td>Stripped: current points used or missing</td><td>About $5-15 a point less</td></tr>
<tr><td>Points booked for a stay before closing</td><td>They move only after the stay, or are left out and priced in</td></tr>
<tr><td>Few years left before the contract ends</td><td>Lower: buyers spread the price over the years left</td></tr>
</tbody>
</table>
<p>Banked points expire at the end of the next use year, so they are worth most to a buyer who can still use them. If your points are about to expire, use them or bank them in time (within the first 8 months of the use year) rather than count on a buyer paying for them.</p>

<h2>3. Decide your firm terms before the first offer</h2>
<ul>
<li><strong>Your lowest price per point.</strong> Decide it now, not under a 24-hour deadline.</li>
<li><strong>No-haggle or open to offers.</strong> A no-haggle listing shows a badge and does not invite offers below the asking price: good when your price is already sharp, a brake on interest when it is not.</li>
<li><strong>The current year's dues.</strong> By custom the buyer reimburses you for the unused months of the calendar year. Giving that up can close a gap without cutting your headline price.</li>
<li><strong>Closing costs.</strong> The buyer pays them by custom; you pay the estoppel fee. Offering to share closing costs is another lever.</li>
<li><strong>The closing date.</strong> Be realistic: 60-90 days from offer is normal.</li>
</ul>

<h2>4. Answer offers quickly and in full</h2>
<ol>
<li>An offer is in dollars per point for the whole contract and usually stands for 24-72 hours.</li>
<li>Counter with a price and terms; a counter restarts the clock, and either side can withdraw until acceptance.</li>
<li>Several offers may arrive at once. Accepting one ends the others, so compare the terms, not only the price.</li>
<li>The developer's right of first refusal lets it buy at the price you agree, so a very low price is the one it has most reason to take. A fair price protects you too.</li>
</ol>

<h2>5. Re-price on evidence</h2>
<p>If the listing draws views but no offers after a few weeks, the price is the likeliest cause. Compare again with <a href="${href("/market")}">recent sales</a> and with <a href="/selling-how-long-to-sell">the days on market here</a>. A single clear reduction does more than several small ones, and buyers whose <a href="/dvc-waitlist">special requests</a> match your contract hear about a price drop by email.</p>

<h2>6. Be ready to close</h2>
<ul>
<li>Pay your dues and any loan on the contract, or plan to settle them from the proceeds at closing.</li>
<li>Have a notary within reach for the closing documents.</li>
<li>If you are not a US person, or sell at Aulani without living in Hawaii, read <a href="/tax-withholding">tax withholding</a> now.</li>
</ul>
<p>When you are ready, <a href="${href("/sign-up")}?role=seller">create a seller account</a> and list. The costs are on <a href="${href("/selling-fees-associated")}">the fees of selling</a>.</p>
`,
  },
  {
    route: "dvc-waitlist",
    title: "Buyers waiting for DVC contracts: the waitlist",
    heading: "Buyers are waiting for contracts like yours",
    description:
      "How buyers' special requests work as a waitlist for sellers: buyers say what they want, and when a matching contract is listed or drops its price they hear by email.",
    metaKeywords: "DVC waitlist, DVC buyers waiting, special request DVC, sell DVC fast",
    pageType: "seller",
    body: `
<p>Many buyers know exactly what they want before a contract like it is for sale: a resort, a use year, a number of points and a price they will pay. Instead of checking the listings every day, they file a special request. Together those requests are a waitlist of buyers, and when you list a contract that meets one, those buyers hear about it at once.</p>

<h2>How it works</h2>
<ol>
<li>A buyer files a <a href="${href("/special-request")}">special request</a>: the resorts, use years, contract size and price per point they are looking for. A buyer can also save any search on <a href="${href("/listings")}">the listings page</a> as a request.</li>
<li>You list your contract. When it goes live, every open request it meets is checked.</li>
<li>Each buyer whose request it meets gets an email and a notification in their account, with a link to your listing.</li>
<li>If you lower your price later, buyers whose request the new price now meets hear about that too.</li>
</ol>
<p>Buyers who are told about a match are buyers who already decided what they want. They tend to act quickly, which is why a well-priced contract can draw an offer soon after it is listed.</p>

<h2>What this means for your listing</h2>
<ul>
<li><strong>List it accurately.</strong> Requests match on the resort, the use year, the points and the price per point, so the contract's facts must be right.</li>
<li><strong>Price it to meet requests.</strong> Buyers name the most they will pay per point. A price in line with <a href="${href("/market")}">recent sales</a> meets more requests than one well above them.</li>
<li><strong>Answer quickly.</strong> Offers usually stand for 24-72 hours.</li>
<li><strong>Re-price in one clear step</strong> if you need to: a reduction can bring in the buyers whose limit was just below your first price.</li>
</ul>

<h2>What buyers ask for</h2>
<table>
<thead><tr><th scope="col">A request names</th><th scope="col">What to check on your contract</th></tr></thead>
<tbody>
<tr><td>Resorts</td><td>Your resort and its end date: see <a href="${href("/resorts")}">the resort pages</a></td></tr>
<tr><td>Use years</td><td>The month your points arrive</td></tr>
<tr><td>Contract size</td><td>Your points per year; contracts of 100 points or fewer are in demand</td></tr>
<tr><td>Price per point</td><td>Your asking price; value it with <a href="${href("/selling/rvc")}">the resale value calculator</a></td></tr>
</tbody>
</table>

<h2>Privacy</h2>
<p>Buyers' requests are private: sellers do not see who filed them. Matched buyers see your listing as everyone does, and make their offers through it.</p>

<h2>The waitlist and the developer</h2>
<p>A buyer found through a request buys on the same terms as any other. The sale is subject to the developer's right of first refusal like every resale, and closes through a title company in the usual 60-90 days. See <a href="/selling-how-long-to-sell">how long to sell</a> for each step.</p>

<h2>List your contract</h2>
<p><a href="${href("/sign-up")}?role=seller">Create a seller account</a> and add your contract; once it is approved and live, the matching requests are checked straight away. Read <a href="/selling-strategy">the selling strategy</a> first if you are unsure of your price, and <a href="${href("/selling-fees-associated")}">the fees of selling</a> for what the sale will cost you.</p>
`,
  },
  {
    route: "buy-back",
    title: "When Disney buys back your DVC contract (ROFR)",
    heading: "Buy-back: when the developer exercises its right of first refusal",
    description:
      "What happens when the developer exercises its right of first refusal on a DVC resale: the seller is paid the same price, and the buyer's deposit is refunded in full.",
    metaKeywords: "DVC ROFR, Disney buy back, right of first refusal exercised, DVC resale ROFR",
    pageType: "seller",
    body: `
<p>Every resale of a Disney Vacation Club contract is subject to the developer's right of first refusal (ROFR). After buyer and seller sign the purchase agreement, it goes to the developer, who may buy the contract itself on exactly the same terms. When it does, the industry calls it a buy-back.</p>

<h2>How the right of first refusal works</h2>
<ol>
<li>Buyer and seller agree a price and sign the purchase agreement, "subject to ROFR".</li>
<li>The buyer's deposit goes to the title company's escrow.</li>
<li>The agreement is submitted to the developer. An answer usually comes in about 20-30 days, rarely 45.</li>
<li>The developer either <strong>waives</strong> its right, and the sale goes on with the buyer, or <strong>exercises</strong> it, and buys the contract on the same terms.</li>
</ol>

<h2>What a buy-back means for the seller</h2>
<ul>
<li><strong>You still sell, at the agreed price.</strong> The developer steps into the buyer's place on the same terms.</li>
<li><strong>Closing goes on.</strong> The estoppel, the closing documents and the recorded deed follow as for any sale, and you are paid after recording.</li>
<li><strong>The terms of your agreement stand.</strong> The price, and who pays which cost, are those you agreed with the buyer; see <a href="${href("/selling-fees-associated")}">the fees of selling</a> for what a closing costs a seller.</li>
<li><strong>Your listing shows as bought back</strong> and leaves the listings for sale.</li>
</ul>

<h2>What a buy-back means for the buyer</h2>
<ul>
<li>Your deposit is refunded in full from escrow.</li>
<li>You owe nothing further, and you may offer on another contract straight away.</li>
<li>Before the next offer, check the buy-back rate of each resort on <a href="${href("/market")}">the market data page</a>.</li>
</ul>

<h2>How often it happens</h2>
<p>Historically the developer has exercised its right on 4-15% of resales, varying by resort and by period. The buy-back rate per resort and month is on <a href="${href("/market")}">the market data page</a>.</p>
<table>
<thead><tr><th scope="col">Factor</th><th scope="col">Effect on the chance of a buy-back</th></tr></thead>
<tbody>
<tr><td>A price per point well below recent sales</td><td>The developer buys at the agreed price, so a low price gives it the most reason to</td></tr>
<tr><td>A price in line with the market</td><td>Leaves it the least reason to</td></tr>
<tr><td>The resort</td><td>Rates differ by resort and period: see the market data</td></tr>
</tbody>
</table>

<h2>What sellers can do</h2>
<ul>
<li><strong>Price fairly.</strong> A buy-back still pays you the agreed price, so it is not a loss; but a fair price keeps the buyer you chose, and the buyer's goodwill through closing.</li>
<li><strong>Keep your paperwork ready.</strong> The closing steps are the same either way.</li>
<li><strong>Accept the calendar.</strong> The developer's answer takes the same 20-30 days whether it waives or exercises.</li>
</ul>

<h2>What buyers can do</h2>
<ul>
<li>Offer in line with <a href="${href("/market")}">recent sales</a>: a very low price gives the developer the most reason to buy.</li>
<li>Be ready with a second choice from <a href="${href("/listings")}">the listings</a>, or a <a href="${href("/special-request")}">special request</a> that tells you when one is listed.</li>
</ul>

<h2>More</h2>
<p>See the whole timeline on <a href="/selling-how-long-to-sell">how long to sell</a>, and common questions about ROFR in <a href="/faqs">our FAQs</a>.</p>
`,
  },
  {
    route: "tax-withholding",
    title: "Tax withholding when you sell DVC: FIRPTA, HARPTA",
    heading: "Tax withholding when you sell",
    description:
      "When tax is withheld from a DVC resale: FIRPTA's 15% for foreign sellers, HARPTA's 7.25% for Aulani sellers who are not Hawaii residents, the forms, and when both apply.",
    metaKeywords: "DVC FIRPTA, HARPTA Aulani, foreign seller withholding, timeshare tax withholding",
    pageType: "seller",
    body: `
<p>Most sellers who live in the United States receive their proceeds with no tax withheld at closing. Two rules change that: the federal FIRPTA rule for sellers who are foreign persons, and Hawaii's HARPTA rule for sellers of Aulani contracts who are not Hawaii residents. Both are withholdings, not the final tax: the amount is paid to the tax authority on your behalf and counted against what you owe when you file.</p>

<h2>The two rules at a glance</h2>
<table>
<thead><tr><th scope="col">Rule</th><th scope="col">FIRPTA (federal)</th><th scope="col">HARPTA (Hawaii)</th></tr></thead>
<tbody>
<tr><th scope="row">Who it applies to</th><td>A seller who is a foreign person, at any resort</td><td>A seller who is not a Hawaii resident, selling an Aulani contract</td></tr>
<tr><th scope="row">How much is withheld</th><td>15% of the gross sale price</td><td>7.25% of the amount realised (5% for sales before September 15, 2018)</td></tr>
<tr><th scope="row">Forms</th><td>IRS forms 8288 and 8288-A, filed within 20 days</td><td>Forms N-288 and N-288A; form N-289 claims an exemption</td></tr>
<tr><th scope="row">Details</th><td><a href="${href("/dvc-firpta")}">FIRPTA guide and calculator</a></td><td><a href="${href("/harpta")}">HARPTA guide and calculator</a></td></tr>
</tbody>
</table>

<h2>When both apply</h2>
<p>A foreign seller of an Aulani contract is usually both a foreign person and not a Hawaii resident, so both withholdings can apply to one sale. Each is worked out on its own base, and both come out of the proceeds at closing. Plan for the combined figure before you accept an offer, especially if the contract still carries a loan that must be paid off from the same proceeds.</p>

<h2>How withholding shows on your closing statement</h2>
<ol>
<li>The title company works out the amount from the agreed price.</li>
<li>It appears as a line deducted from your proceeds, beside the commission and the fees.</li>
<li>The title company pays it to the tax authority with the forms above.</li>
<li>The forms record what was paid on your behalf, which you claim against your tax when you file your return.</li>
</ol>

<h2>What it does to your proceeds: a worked example</h2>
<p>Take a sale at an agreed price of $20,000, before the commission and fees:</p>
<ul>
<li>A foreign seller at a Florida resort: FIRPTA withholds 15% of $20,000, or $3,000.</li>
<li>A US seller who lives outside Hawaii, selling at Aulani: HARPTA withholds 7.25% of the amount realised; on an amount realised of $20,000 that is $1,450.</li>
<li>A foreign seller at Aulani: both can apply, $4,450 in all on the same figures.</li>
</ul>
<p>The calculators on <a href="${href("/dvc-firpta")}">the FIRPTA page</a> and <a href="${href("/harpta")}">the HARPTA page</a> work this out for your price.</p>

<h2>What to do before you list</h2>
<ul>
<li><strong>Tell us</strong> if you are not a US person, or if you sell at Aulani and do not live in Hawaii, so the title company can plan the withholding from the start.</li>
<li><strong>Talk to a tax adviser</strong> about your own position: whether you can claim an exemption or a reduced withholding, and how the amount is credited on your return.</li>
<li><strong>Allow time.</strong> The forms add paperwork, not a separate step: the sale still follows the usual 60-90 days. See <a href="/selling-how-long-to-sell">how long to sell</a>.</li>
</ul>
<p>We explain the rules; we do not give tax advice. For the other costs of a sale, see <a href="${href("/selling-fees-associated")}">the fees of selling</a>.</p>
`,
  },
  {
    route: "why-sell",
    title: "Why sell your DVC contract with us",
    heading: "Why sell with Vacation Points Market",
    description:
      "What a seller gets by listing a DVC contract here: our commission taken only at closing, buyers who compare fairly, special requests, e-signed contracts and escrow.",
    metaKeywords: "sell DVC, sell DVC contract, DVC resale broker, list DVC points",
    pageType: "seller",
    body: `
<p>Selling a resale contract means choosing who will put it in front of buyers, handle the offers and see the closing through. Here is what you get when you list with us, and what it costs.</p>

<h2>A commission taken only when you are paid</h2>
<p>You pay nothing to list. Our commission is taken from the proceeds at closing, after the deed is recorded, and it is worked out exactly as below:</p>
<div data-embed="commission-table"></div>
<p>If another licensed broker gives you a lower written quote for the same contract, we match it. Our listing agreement has no long lock-in. How the commission can vary is on <a href="/variable-commission">variable commission</a>, and every cost of a sale is on <a href="${href("/selling-fees-associated")}">the fees of selling</a>.</p>

<h2>Buyers who can see why your price is right</h2>
<ul>
<li>Your listing shows the price per point, the total, the points for the previous, current and next use years, the use year, the dues and the contract end date: the figures buyers compare.</li>
<li>Each listing carries a score that explains itself against comparable listings and sales, so a fairly priced contract stands out.</li>
<li>Buyers can save it, compare it side by side with others and share it.</li>
<li>Buyers whose <a href="/dvc-waitlist">special requests</a> match your contract hear by email the moment it goes live.</li>
</ul>

<h2>Price it from evidence</h2>
<p>Value your contract with <a href="${href("/selling/rvc")}">the resale value calculator</a>, which compares it with similar listings and closed sales, and check recent sold prices on <a href="${href("/market")}">the market data page</a>. The median time contracts take to sell here is on <a href="/selling-how-long-to-sell">how long to sell</a>.</p>

<h2>Offers and contracts you can follow</h2>
<table>
<thead><tr><th scope="col">Stage</th><th scope="col">What you see in your account</th></tr></thead>
<tbody>
<tr><td>Offers</td><td>Each offer's price per point, total and terms, and how long it stands; accept, counter or decline</td></tr>
<tr><td>Agreement</td><td>The purchase agreement to sign electronically, with a log of every view and signature</td></tr>
<tr><td>Escrow</td><td>When the buyer's deposit reaches the title company</td></tr>
<tr><td>Right of first refusal</td><td>When it was submitted and the developer's answer</td></tr>
<tr><td>Closing</td><td>The closing documents, the recorded deed and your closing statement</td></tr>
</tbody>
</table>

<h2>Money held safely</h2>
<p>The buyer's deposit and the balance go to a licensed title company's escrow, never to us. You are paid from escrow after the deed is recorded. If the developer exercises its right of first refusal, it buys on the same terms and the sale still closes: see <a href="/buy-back">buy-back</a>.</p>

<h2>People who know resale</h2>
<p>We are a licensed, insured broker. We explain the things that catch sellers out: banked points that expire, points booked for a stay, dues reimbursement, and the <a href="/tax-withholding">tax withholding</a> for foreign sellers and for Aulani. Read <a href="${href("/about-us")}">about us</a>, or <a href="/contact-us">contact us</a> with a question.</p>

<h2>How to start</h2>
<ol>
<li>Value your contract with <a href="${href("/selling/rvc")}">the resale value calculator</a>.</li>
<li><a href="${href("/sign-up")}?role=seller">Create a seller account</a>.</li>
<li>Add your contract: resort, use year, points per year and your price per point.</li>
<li>Once we approve it, the listing goes live and matching buyers are told.</li>
</ol>
<p>Comparing brokers first? See <a href="/compare-brokers">compare brokers</a> and <a href="/selling/comparison">instant sale or listing</a>.</p>
`,
  },
  {
    route: "variable-commission",
    title: "Our variable commission for DVC sellers",
    heading: "Variable commission: what you pay to sell",
    description:
      "How our commission on a DVC resale is worked out: a percent of the sale price with any minimum, taken at closing, and when a commission agreed with you replaces it.",
    metaKeywords: "DVC resale commission, variable commission, DVC broker fee, selling fees DVC",
    pageType: "seller",
    body: `
<p>Across the resale market, broker commissions typically run from 6.9% to 10% of the price. Ours is set out below exactly as the closing statement works it out, so the figure we promise is the figure that is taken. It varies with the sale price, and it can be agreed individually.</p>

<h2>How the commission is worked out</h2>
<div data-embed="commission-table"></div>
<ul>
<li><strong>A percent of the sale price.</strong> The price is the agreed total: points times the price per point.</li>
<li><strong>A minimum, when one applies.</strong> On a small contract the percent can come to less than the minimum; the minimum is charged instead. The table shows where that happens.</li>
<li><strong>Nothing up front.</strong> You pay nothing to list. The commission is deducted from your proceeds at closing, after the deed is recorded.</li>
<li><strong>Nothing if it does not close.</strong> No sale, no commission.</li>
</ul>

<h2>When your commission is different</h2>
<p>The commission varies in three ways:</p>
<ol>
<li><strong>With the price.</strong> As a percent, it rises and falls with the price you agree.</li>
<li><strong>With a lower written quote.</strong> If another licensed broker gives you a lower written quote for the same contract, we match it.</li>
<li><strong>By agreement with you.</strong> A commission agreed with you in writing, as a percent or as a flat amount, replaces the standard one on your account, and your closing statement uses it.</li>
</ol>

<h2>What else comes out of the proceeds</h2>
<table>
<thead><tr><th scope="col">Cost</th><th scope="col">Who pays by custom</th><th scope="col">About</th></tr></thead>
<tbody>
<tr><td>Estoppel fee (the developer's statement of the contract)</td><td>Seller</td><td>$150</td></tr>
<tr><td>Seller's closing costs</td><td>Seller</td><td>$200-$400</td></tr>
<tr><td>Unpaid dues or a loan on the contract</td><td>Seller</td><td>What is owed at closing</td></tr>
<tr><td>FIRPTA or HARPTA withholding</td><td>Foreign or non-Hawaii sellers</td><td>See <a href="/tax-withholding">tax withholding</a></td></tr>
<tr><td>Title search, closing fee and recording</td><td>Buyer</td><td>$400-$800</td></tr>
</tbody>
</table>
<p>The buyer usually reimburses you for the unused months of the current calendar year's dues, which adds to your proceeds. All of these are negotiable and the purchase agreement records who pays what. The full picture, with a worked closing statement, is on <a href="${href("/selling-fees-associated")}">the fees of selling</a>.</p>

<h2>Comparing with other brokers</h2>
<p>A lower percent is not always a lower cost: check minimums, fees due before closing and how long a listing agreement binds you. <a href="/compare-brokers">Compare brokers</a> sets out the brokers whose listings we show, with their stated terms beside ours.</p>

<h2>Next</h2>
<p>See what your contract could sell for with <a href="${href("/selling/rvc")}">the resale value calculator</a>, then <a href="${href("/sign-up")}?role=seller">create a seller account</a> to list it. Read <a href="/why-sell">why sell with us</a> for the rest of what the commission pays for.</p>
`,
  },
];
