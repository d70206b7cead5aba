import type { SeedPage } from "~/modules/content/page-seed";

/**
 * The demo's landing page (issue 33): a page for owners thinking of selling, at its own address, with a hero and one
 * call to action. The figures are the admin fees settings' and the product's own (embeds), never typed here.
 */
export const LANDING_PAGES: SeedPage[] = [
  {
    route: "sell-your-dvc-contract",
    title: "Sell your Disney Vacation Club contract",
    heading: "Sell your Disney Vacation Club contract",
    description:
      "List your DVC points contract on a resale marketplace that shows buyers every fact, states its commission up front and carries the sale through ROFR and closing.",
    pageType: "landing",
    hero: {
      text: "List your points contract in minutes. You see your net before you accept any offer, and we carry the sale through Disney's right of first refusal and closing.",
      ctaLabel: "List your contract",
      ctaHref: "/sign-up/new?role=seller",
    },
    body: `
<p>Buyers searching for resale Disney Vacation Club contracts compare the resort, the use year, the points available in each year and the price per point. A listing that states those facts clearly sells sooner, and that is what our listing form asks for.</p>
<h2>What selling here costs</h2>
<p>Our commission is taken from the sale price at closing, never before. The table shows what it comes to on a few example prices; your closing statement charges the same figure.</p>
<div data-embed="commission-table"></div>
<p>Besides the commission, a seller usually pays the developer's estoppel fee (about $150) and a closing fee of about $200 to $400. The buyer pays the other closing costs.</p>
<h2>How a sale goes</h2>
<ol>
<li>You list the contract: resort, use year, points per year, the price per point you ask. We review it and it goes live.</li>
<li>Buyers make offers. You accept, decline or counter each one, and you see your net proceeds before you accept.</li>
<li>Both sides sign the purchase agreement online; the buyer wires a deposit to the title company's escrow.</li>
<li>The sale is submitted to Disney for its right of first refusal, usually answered in 20 to 30 days. If Disney buys the contract instead, it pays the same price.</li>
<li>The title company prepares the closing documents; you sign before a notary, the deed is recorded and you are paid.</li>
</ol>
<p>From an accepted offer to the money in your account usually takes 60 to 90 days, a little longer for Hilton Head, Aulani and the Grand Californian.</p>
<div data-embed="median-days-on-market"></div>
<h2>Pricing your contract</h2>
<p>Resale prices differ by resort, and within a resort by the contract's details. Small contracts of 100 points or fewer usually fetch $10 to $15 a point more than large ones. A "loaded" contract, with extra banked points, is worth a little more; a "stripped" one, missing this year's points, a little less. A contract that ends sooner gives fewer years of points, so buyers pay less per point for it. Our listing page shows buyers how your asking price compares with recent sales at your resort, so a fair price is seen to be fair.</p>
<h2>Before you list</h2>
<ul>
<li>Bank this use year's points if you will not use them: banking is possible during the first eight months of the use year, and banked points travel with the contract.</li>
<li>Check your annual dues are paid; the buyer usually reimburses the current year's dues at closing.</li>
<li>Have your membership number and the deed's details at hand: the title company asks for them.</li>
</ul>
`,
  },
];
