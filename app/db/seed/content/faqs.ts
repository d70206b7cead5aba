import { href } from "react-router";
import type { SeedFaq } from "~/modules/content/page-seed";

/**
 * The buyer and seller FAQs (issue 32, decision 0079), from DOMAIN.md's facts. Each names the pages it belongs
 * beside (`relatedRoutes`, SeedPage routes or the product's own pages without their leading slash); the faqs page
 * lists them all through the `faq-list` embed. Our commission is never a number here: it is a setting.
 */
const BUYER_FAQS: SeedFaq[] = [
  {
    audience: "buyer",
    question: "What is the difference between buying resale and buying direct from Disney?",
    answer: `<p>A resale contract is bought from an owner, usually for far less per point than the developer's own price. In exchange, resale points carry restrictions: since 2011 they cannot book the Disney, Concierge and Adventurer Collections; since 2016 resale buyers do not get the membership extras such as discounts and lounges; and since 2019 resale contracts at the original 14 resorts cannot book Riviera, the Villas at Disneyland Hotel, the Cabins at Fort Wilderness or future resorts. Compare the prices on <a href="${href("/dvc-compare-prices")}">compare prices</a> and read <a href="${href("/resale-restrictions")}">the resale restrictions</a>.</p>`,
    relatedRoutes: ["dvc-compare-prices", "resale-restrictions", "why-vacation-points-market"],
  },
  {
    audience: "buyer",
    question: "How long does it take from my offer to having points in my account?",
    answer: `<p>Usually 60-90 days. The developer answers the right of first refusal in about 20-30 days (rarely 45); the estoppel follows 2-4 weeks later; closing documents come about 72 hours after that; then the deed is recorded and the points are transferred within 10-14 business days. Hilton Head, Aulani and the Villas at Grand Californian take longer.</p>`,
    relatedRoutes: ["dvc-checklist", "city-records", "how-dvc-works"],
  },
  {
    audience: "buyer",
    question: "What is the right of first refusal (ROFR)?",
    answer:
      '<p>Every resale is subject to the developer\'s right to buy the contract itself on the same terms. After the purchase agreement is signed, it is submitted to the developer, who answers in about 20-30 days. If it waives its right, your purchase goes ahead; if it exercises it, your deposit is refunded in full. Historically it has been exercised on 4-15% of resales. See <a href="/buy-back">buy-back</a>.</p>',
    relatedRoutes: ["buy-back", "dvc-checklist"],
  },
  {
    audience: "buyer",
    question: "What happens to my deposit if Disney exercises its right of first refusal?",
    answer: `<p>It is returned to you in full from the title company's escrow. You owe nothing further and can make an offer on another contract straight away. A <a href="${href("/special-request")}">special request</a> tells you by email when a matching contract is listed.</p>`,
    relatedRoutes: ["buy-back", "dvc-checklist"],
  },
  {
    audience: "buyer",
    question: "How much deposit do I pay, and to whom?",
    answer: `<p>Commonly 10% of the price, at least $1,000, paid within 24-72 hours of signing the purchase agreement. It goes to the title company's escrow, never to the seller or to us, and the balance is paid there at closing.</p>`,
    relatedRoutes: ["dvc-checklist", "why-vacation-points-market"],
  },
  {
    audience: "buyer",
    question: "What closing costs does a buyer pay?",
    answer: `<p>By custom the buyer pays the title search, the closing fee and the recording, about $400-$800 together. For Florida resorts, the deed stamps are $0.70 per $100 of the price. The buyer also usually reimburses the seller for the unused months of the current year's dues. All of it is negotiable, and the purchase agreement records who pays what.</p>`,
    relatedRoutes: ["dvc-checklist", "city-records", "dvc-annual-dues"],
  },
  {
    audience: "buyer",
    question: "Do I have to pay the seller's dues for this year?",
    answer: `<p>Usually you reimburse the seller for the share of the calendar year's dues that is still to come: the months left in the year divided by 12, times the year's dues, adjusted for who gets which points. It is negotiable, and the offer says who pays. Each resort's dues are on <a href="${href("/dvc-annual-dues")}">the annual dues page</a>.</p>`,
    relatedRoutes: ["dvc-annual-dues", "dvc-checklist"],
  },
  {
    audience: "buyer",
    question: "How are annual dues billed, and how fast do they rise?",
    answer: `<p>Dues are billed per point per calendar year and are due by January 15. Rises are capped at 15% a year unless owners approve more, and have run at roughly 3-5% a year. Budget for them every year you own the contract, whether you travel or not.</p>`,
    relatedRoutes: ["dvc-annual-dues", "buying-rent-dvc-points"],
  },
  {
    audience: "buyer",
    question: "What is a use year, and which one should I choose?",
    answer: `<p>The use year is the month your points arrive: February, March, April, June, August, September, October or December. Points arrive on the first of that month and are valid for twelve months. Choose the month that suits when you travel: it decides your banking deadline and when points expire.</p>`,
    relatedRoutes: ["dvc-checklist", "how-dvc-works"],
  },
  {
    audience: "buyer",
    question: "What do loaded and stripped contracts mean?",
    answer: `<p>A loaded contract carries extra banked points from the previous use year, so you get more points in your first year; it is worth more, by about $5-15 a point. A stripped contract is missing some or all of its current points and should cost less by about the same. Banked points must be used by the end of the next use year.</p>`,
    relatedRoutes: ["dvc-checklist", "why-vacation-points-market"],
  },
  {
    audience: "buyer",
    question: "Can I bank or borrow points?",
    answer: `<p>Yes. You can bank up to all of a year's points within the first 8 months of the use year (by September 30 for a February use year), and banked points expire at the end of the next use year; they cannot be banked again. You can borrow up to all of next year's points at any time, but borrowed points cannot be banked.</p>`,
    relatedRoutes: ["how-dvc-works", "buying-rent-dvc-points"],
  },
  {
    audience: "buyer",
    question: "How far ahead can I book?",
    answer: `<p>11 months ahead at your home resort (the resort of your contract) and 7 months ahead at the others your contract may book. Price a stay in points with <a href="${href("/buying-vacation-point-calculator")}">the vacation point calculator</a>.</p>`,
    relatedRoutes: ["buying-vacation-point-calculator", "buying-rent-dvc-points"],
  },
  {
    audience: "buyer",
    question: "When does a contract end, and why does it matter?",
    answer: `<p>Every contract ends on January 31 of its resort's end year, from 2042 for the oldest resorts to 2075 for the Cabins at Fort Wilderness. The fewer years left, the less a point is worth to you: divide the price per point by the years left and add the dues per point to compare contracts. See <a href="${href("/dvc-expiration-date")}">the end dates</a>.</p>`,
    relatedRoutes: ["dvc-expiration-date", "buying-rent-dvc-points", "dvc-checklist"],
  },
  {
    audience: "buyer",
    question: "Can I finance a resale contract?",
    answer: `<p>Yes, through lenders that finance timeshare resales; the offer states whether you pay cash or finance. The lenders we know and their terms are on <a href="${href("/dvc-financing")}">the financing page</a>. Decide before you offer, because closing waits for the loan.</p>`,
    relatedRoutes: ["dvc-financing", "dvc-checklist"],
  },
  {
    audience: "buyer",
    question: "Whose names go on the deed, and can I buy in a trust?",
    answer:
      '<p>Give the legal names of every owner exactly as they should appear on the deed, and say how you hold title: alone, as joint tenants or in a trust. The title company records the deed that way, so decide before you offer; correcting a recorded deed takes a new deed. See <a href="/city-records">how the deed is recorded</a>.</p>',
    relatedRoutes: ["city-records", "dvc-checklist"],
  },
  {
    audience: "buyer",
    question: "Should I rent points instead of buying?",
    answer: `<p>Renting suits one trip or uncertain plans: no purchase, no dues and no closing. Buying suits travel most years for a decade or more. Compare the yearly cost of owning (price per point divided by the years left, plus dues per point) with what renting the same stays costs. See <a href="/buying-rent-dvc-points">buying or renting points</a> and <a href="${href("/rentals")}">the rentals</a>.</p>`,
    relatedRoutes: ["buying-rent-dvc-points"],
  },
];

const SELLER_FAQS: SeedFaq[] = [
  {
    audience: "seller",
    question: "What does it cost to sell my contract?",
    answer: `<p>The broker's commission, taken from the proceeds at closing; the estoppel fee, about $150; and the seller's closing costs, about $200-$400. Any unpaid dues or loan are settled from the proceeds, and foreign sellers have tax withheld. Our commission, worked out on example prices, is on <a href="/variable-commission">variable commission</a>; every cost is on <a href="${href("/selling-fees-associated")}">the fees of selling</a>.</p>`,
    relatedRoutes: ["selling-fees-associated", "variable-commission", "why-sell"],
  },
  {
    audience: "seller",
    question: "Do I pay anything before my contract sells?",
    answer: `<p>No. You pay nothing to list with us; the commission is deducted from your proceeds at closing, after the deed is recorded. If the sale does not close, there is no commission.</p>`,
    relatedRoutes: ["variable-commission", "why-sell", "compare-brokers"],
  },
  {
    audience: "seller",
    question: "How is your commission worked out, and can it change?",
    answer:
      '<p>It is a percent of the agreed price, with a minimum when one is set, exactly as your closing statement works it out; <a href="/variable-commission">variable commission</a> shows it on example prices. A commission agreed with you in writing replaces it, and if another licensed broker gives you a lower written quote for the same contract, we match it.</p>',
    relatedRoutes: ["variable-commission", "compare-brokers"],
  },
  {
    audience: "seller",
    question: "How long will it take to sell?",
    answer:
      '<p>Finding a buyer depends mostly on your price against recent sales; <a href="/selling-how-long-to-sell">how long to sell</a> shows the median days on market here. After an offer is accepted, closing takes 60-90 days: the right of first refusal (about 20-30 days), the estoppel (2-4 weeks), closing documents (about 72 hours) and the recorded deed, after which you are paid.</p>',
    relatedRoutes: ["selling-how-long-to-sell", "selling-strategy"],
  },
  {
    audience: "seller",
    question: "How should I price my contract?",
    answer: `<p>From recent sold prices per point at your resort, not from what you paid. Check <a href="${href("/market")}">the market data</a>, value your contract with <a href="${href("/selling/rvc")}">the resale value calculator</a>, then adjust: contracts of 100 points or fewer fetch $10-15 a point more, and loaded or stripped points move the price by about $5-15 a point. See <a href="/selling-strategy">the selling strategy</a>.</p>`,
    relatedRoutes: ["selling-strategy", "selling-how-long-to-sell", "dvc-waitlist"],
  },
  {
    audience: "seller",
    question: "When am I paid?",
    answer: `<p>After the deed naming the buyer is recorded, the title company pays you from escrow: your price, plus any dues the buyer reimburses, less the commission, the fees, any unpaid dues or loan, and any tax withholding. The points move to the buyer in 10-14 business days around the same time.</p>`,
    relatedRoutes: ["city-records", "selling-how-long-to-sell", "selling-fees-associated"],
  },
  {
    audience: "seller",
    question: "What happens if Disney exercises its right of first refusal on my sale?",
    answer: `<p>The developer buys your contract on the same terms as your buyer, so you still sell at the agreed price and the closing continues with the developer in the buyer's place. The buyer's deposit is refunded. See <a href="/buy-back">buy-back</a>.</p>`,
    relatedRoutes: ["buy-back", "selling-how-long-to-sell"],
  },
  {
    audience: "seller",
    question: "I am not a US resident. What is withheld when I sell?",
    answer: `<p>Under FIRPTA, 15% of the gross sale price is withheld at closing and paid to the IRS with forms 8288 and 8288-A within 20 days. It counts against the tax you owe when you file. See <a href="${href("/dvc-firpta")}">FIRPTA</a> and <a href="/tax-withholding">tax withholding</a>, and ask a tax adviser about your own position.</p>`,
    relatedRoutes: ["tax-withholding", "dvc-firpta"],
  },
  {
    audience: "seller",
    question: "I own at Aulani but do not live in Hawaii. What is HARPTA?",
    answer: `<p>Hawaii withholds 7.25% of the amount realised from a non-resident seller (5% for sales before September 15, 2018), with forms N-288 and N-288A; form N-289 claims an exemption. A foreign seller at Aulani can have both HARPTA and FIRPTA withheld. See <a href="${href("/harpta")}">HARPTA</a>.</p>`,
    relatedRoutes: ["tax-withholding", "harpta"],
  },
  {
    audience: "seller",
    question: "Should I take an instant cash offer instead of listing?",
    answer:
      '<p>An instant offer comes from a reseller who must buy below market to make a margin, so it usually pays less. It does not skip the right of first refusal, the estoppel or the recorded deed, so it saves the time of finding a buyer, not of closing. See <a href="/selling/comparison">instant sale or listing</a>.</p>',
    relatedRoutes: ["selling/comparison", "compare-brokers"],
  },
  {
    audience: "seller",
    question: "What should I do with my banked points before I sell?",
    answer: `<p>Banked points are valid until the end of the next use year, and a loaded contract is worth about $5-15 a point more to a buyer who can use them. If they will expire soon after closing, a buyer will not pay much for them: use them, or bank current points in time (within the first 8 months of the use year), and list the contract's points accurately.</p>`,
    relatedRoutes: ["selling-strategy"],
  },
  {
    audience: "seller",
    question: "I have a reservation booked with my points. Can I still sell?",
    answer: `<p>Yes. Points booked for a stay (points in use) transfer only after the stay, or are left out of the sale and priced in. Say so in your listing, because it changes what the buyer receives and the price they will pay.</p>`,
    relatedRoutes: ["selling-strategy", "selling-how-long-to-sell"],
  },
  {
    audience: "seller",
    question: "Who pays this year's dues when I sell?",
    answer: `<p>You pay the year's dues to the developer by January 15. At closing the buyer usually reimburses you for the months still to come in the calendar year, adjusted for who gets which points. It is negotiable: offering to drop the reimbursement can close a gap without lowering your price.</p>`,
    relatedRoutes: ["selling-strategy", "dvc-annual-dues", "selling-fees-associated"],
  },
  {
    audience: "seller",
    question: "How do buyers find my listing quickly?",
    answer:
      '<p>Buyers who filed a special request for a contract like yours hear by email the moment your listing goes live, or when a price drop brings it within their limit. Everyone else finds it on the listings page, compared on price per point, points, dues and end date. See <a href="/dvc-waitlist">the buyers\' waitlist</a>.</p>',
    relatedRoutes: ["dvc-waitlist", "why-sell"],
  },
  {
    audience: "seller",
    question: "How do you compare with other resale brokers?",
    answer:
      '<p>Commissions across the market typically run from 6.9% to 10%. <a href="/compare-brokers">Compare brokers</a> sets out the brokers whose listings we show, with their stated terms beside ours. Compare minimums, fees due before closing, how long the listing agreement binds you and who holds the deposit, as well as the percent.</p>',
    relatedRoutes: ["compare-brokers", "why-sell", "variable-commission"],
  },
  {
    audience: "seller",
    question: "Do I need a notary to sell?",
    answer: `<p>Yes. After the estoppel, the closing documents arrive, usually within about 72 hours, and the seller signs the deed before a notary. Having a notary in mind in advance avoids delaying the closing.</p>`,
    relatedRoutes: ["selling-how-long-to-sell", "city-records"],
  },
];

export const FAQS: SeedFaq[] = [...BUYER_FAQS, ...SELLER_FAQS];
