/**
 * The Best practices guide as first published (/v2/profile/best-practices). Staff own it in the `best_practices`
 * table once it is there; this is only what an empty table starts with. Facts from shared DOMAIN.md; figures that
 * change (dues, costs, timings) are given as the ranges the market quotes, never as promises.
 * Body format: paragraphs separated by a blank line; lines starting with "- " are a bulleted list.
 */
export type BestPracticeSeed = { title: string; audience: "all" | "buyer" | "seller"; body: string };

export const BEST_PRACTICES_SEED: readonly BestPracticeSeed[] = [
  {
    title: "Know the timeline before you agree to a sale",
    audience: "all",
    body: `A resale takes about 60 to 90 days from accepted offer to recorded deed; Hilton Head Island, Aulani and the Villas at Grand Californian often take longer.

- Offer, counter-offers and acceptance.
- The purchase agreement is signed electronically by buyer and seller.
- The buyer's deposit goes into the title company's escrow, commonly 10% with a $1,000 minimum, within 24 to 72 hours.
- The sale is submitted to Disney for right of first refusal (ROFR); the answer usually comes in 20 to 30 days, rarely up to 45.
- Once ROFR is waived, the title company orders the estoppel (2 to 4 weeks), then sends the closing documents.
- The seller signs before a notary, the buyer signs and wires the funds, the deed is recorded, and the points move to the buyer in about 10 to 14 business days.

Plan trips and money around this: do not book with points you have not received yet.`,
  },
  {
    title: "Right of first refusal: what it means for both sides",
    audience: "all",
    body: `Disney may buy any resale contract on exactly the terms the buyer and seller agreed. Historically it has exercised this right on roughly 4% to 15% of submitted sales, more often on low prices per point.

If ROFR is exercised, the buyer's deposit is refunded in full and the seller is paid by Disney on the same terms. If it is waived, the sale carries on to closing.

Neither side can speed up the review. Keep your contact details current so the title company can reach you the day the answer arrives.`,
  },
  {
    title: "Price against comparable listings, not against retail",
    audience: "seller",
    body: `Buyers compare your price per point with other listings at the same resort, not with what Disney charges for new points. Before you list, look at active listings and recent sales for your resort with a similar number of points and the same use year.

- Small contracts (100 points or fewer) usually fetch $10 to $15 more per point.
- A "loaded" contract (extra banked points) is worth more; a "stripped" one (current points already used) is worth less, typically $5 to $15 per point either way.
- The years left until the contract ends matter: a resort that ends in 2042 sells for less per point than one ending in 2060 or later.
- Pricing far above comparable listings means few offers; pricing very low raises the chance that Disney exercises ROFR.

Review your price every few weeks while the listing is active.`,
  },
  {
    title: "State your points per use year accurately",
    audience: "seller",
    body: `Points arrive on the first day of your use year month and are valid for 12 months. Your listing shows the points available for the previous (banked), current and next use year; buyers price their offers from these numbers.

Banking must be done within the first 8 months of the use year (a February use year by September 30, a December use year by July 31). Banked points expire at the end of the next use year and cannot be banked again. Borrowed points cannot be banked.

If you bank, borrow or book a reservation while your contract is listed, update the listing the same day. A points count that differs at closing has to be renegotiated or credited and can delay the sale.`,
  },
  {
    title: "Annual dues and who pays them at closing",
    audience: "all",
    body: `Dues are billed per point for each calendar year and are due by January 15. Increases are capped at 15% a year unless owners approve more; in recent years they have grown about 3% to 5% a year.

At closing the buyer usually reimburses the seller for the months left in the calendar year, adjusted for which year's points the buyer receives. This is negotiable and is written into the purchase agreement.

Sellers: keep dues paid while the contract is listed. The estoppel shows any unpaid dues, and they are taken from your proceeds at closing. Buyers: include next year's dues in your budget.`,
  },
  {
    title: "Estoppel and your closing documents",
    audience: "seller",
    body: `After ROFR is waived, the title company orders an estoppel from Disney: a statement of the contract's points, reservations, dues and any balance owed. It takes 2 to 4 weeks and usually costs the seller about $150.

About 72 hours after the estoppel arrives, the title company sends your closing documents. They must be signed in front of a notary, so check that your mailing address and phone number are correct on your profile and that the owners' names match the deed exactly. A misspelt name or a missing co-owner is the most common reason closings are delayed.

Expect closing costs of about $200 to $400 plus our commission, {{commission}}, taken from your proceeds at closing.`,
  },
  {
    title: "Taxes when you sell: FIRPTA and HARPTA",
    audience: "seller",
    body: `If you are not a US resident, the buyer's title company must withhold 15% of the gross sale price under FIRPTA and send it to the IRS with forms 8288 and 8288-A within 20 days. You may claim part of it back when you file your US tax return.

Selling an Aulani contract (Hawaii) as a non-resident of Hawaii, 7.25% of the amount realised is withheld under HARPTA (forms N-288 and N-288A); form N-289 claims an exemption when one applies. FIRPTA and HARPTA can both apply to the same sale.

Tell us early if either may apply to you, and set "I am a US resident" in your settings correctly. We are not tax advisers: ask your accountant how the sale affects your taxes.`,
  },
  {
    title: "Check the points before you make an offer",
    audience: "buyer",
    body: `Look at the points available in each use year, not just the contract size. A contract with its current points already used leaves you waiting for the next use year; a loaded one gives you extra points to spend now.

- Remember that points can only be banked within the first 8 months of the use year; banked points cannot be banked again.
- Booking windows open 11 months ahead at your home resort and 7 months ahead elsewhere.
- The contract end year limits how long you own the points: compare the price per point with the years left.

Ask us before offering if anything about the points is unclear; the seller confirms the figures in the purchase agreement and the estoppel confirms them before closing.`,
  },
  {
    title: "Resale restrictions to understand before you buy",
    audience: "buyer",
    body: `Resale contracts carry rules that contracts bought directly from Disney do not.

- Since March 21, 2011, resale points cannot book the Disney, Concierge and Adventurer Collections (cruises and non-DVC hotels).
- Since April 4, 2016, resale buyers do not receive membership extras such as discounts and lounges.
- Resale contracts at the original 14 resorts bought on or after January 19, 2019 cannot book the Riviera, the Villas at Disneyland Hotel, the Cabins at Fort Wilderness or future resorts; resale contracts at those three resorts can book only their own resort.

If where you want to stay matters, choose the resort you buy at with these rules in mind.`,
  },
  {
    title: "Budget for closing costs and the ROFR wait",
    audience: "buyer",
    body: `Besides the price, a buyer usually pays closing costs of about $400 to $800 (title search, closing fee and recording); Florida deed stamps add $0.70 per $100 of the price. Your share of the current year's dues is reimbursed to the seller at closing.

Your deposit (commonly 10%, minimum $1,000) sits in the title company's escrow while Disney reviews the sale. If Disney exercises its right of first refusal, the deposit is refunded.

Do not make plans that depend on the points until the sale has closed and the points appear in your membership, usually 60 to 90 days after your offer is accepted.`,
  },
];
