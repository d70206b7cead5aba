import type { SeedPage } from "~/modules/content/page-seed";
/**
 * Issue 32 (decision 0078): the content pages that existed as code, as seeded rows, unchanged for the visitor.
 * The first group is rendered whole from its row by the one page route; the second group are pages with a calculator
 * or the product's data, which stay code and take their heading (and the related pages) from their row: their body is
 * the intro a writer may edit. Data that must stay true to the product (the commission, the resale rules, the
 * contact details) is an embed, never copied text.
 */
export const EXISTING_PAGES: SeedPage[] = [
  {
    route: "about-us",
    title: "About us",
    heading: "About Vacation Points Market",
    description:
      "Vacation Points Market is an independent, licensed and insured resale broker for Disney Vacation Club contracts. How we work, how escrow protects deposits, and how to reach us.",
    pageType: "company",
    relatedRoutes: ["how-dvc-works", "selling-fees-associated", "resale-restrictions", "privacy-policy"],
    body: '<p>We are an independent resale broker for Disney Vacation Club points contracts. Since 2016 we have helped owners sell contracts they no longer use and helped families buy into DVC for less than buying direct.</p><h2 id="who-we-are">Who we are</h2><p>Vacation Points Market is a marketplace and brokerage. Sellers list their contracts with the points available in each use year; buyers compare listings, see what a contract really costs over its life, and make offers online. Our agents handle the negotiation and paperwork from offer to deed.</p><p>We are not affiliated with, endorsed by or acting for Disney or Disney Vacation Club. Disney\'s only role in a resale is its right of first refusal, the estoppel, and transferring the membership once the deed is recorded.</p><h2 id="how-deals-work">How a deal works with us</h2><ol><li>A seller lists a contract; we check the resort, use year and points with the seller\'s paperwork.</li><li>A buyer makes an offer; buyer and seller negotiate through us until both accept.</li><li>Both sign the purchase agreement electronically, and the buyer pays a deposit into escrow.</li><li>Disney has its right of first refusal, then issues the estoppel; a licensed title company closes the sale and pays the seller.</li></ol><p>The whole process usually takes 60-90 days. <a href="/how-dvc-works#closing">See every step of a closing</a>.</p><h2 id="licensing">Licensed and insured</h2><p>We are a licensed real-estate broker in Florida, where most DVC resorts are, and we carry professional liability insurance. A DVC contract is a deeded real-estate interest, so a resale is a real-estate transaction: listing agreements, offers and commissions follow the rules that apply to licensed brokers.</p><h2 id="escrow">Your deposit is held in escrow</h2><p>We never hold buyers\' money ourselves. Deposits and closing funds go to a licensed title company, which keeps them in an escrow account until the sale closes.</p><ul><li>The deposit is typically 10% of the price, with a minimum of $1,000, paid within a few days of signing.</li><li>If Disney exercises its right of first refusal, the title company returns the full deposit to the buyer.</li><li>The title company pays the seller only once the deed is recorded.</li></ul><h2 id="contact">Contact us</h2><div data-embed="contact-details"></div><blockquote><p>Outside opening hours, email us and we reply on the next business day.</p></blockquote>',
  },
  {
    route: "how-dvc-works",
    title: "How DVC works: use years, banking, booking and closing",
    heading: "How DVC works",
    description:
      "How Disney Vacation Club points work: use years, banking and borrowing, holding, loaded and stripped contracts, the 11- and 7-month booking windows, and the steps of a resale closing from offer to deed.",
    pageType: "buyer",
    relatedRoutes: ["resale-restrictions", "dvc-annual-dues", "resorts", "about-us"],
    body: '<p>A Disney Vacation Club contract is a real-estate interest in a resort that comes with a yearly allowance of points. You spend the points on villa stays, pay annual dues for them, and can sell the contract when you no longer need it.</p><h2 id="use-year">Use years: when points arrive</h2><p>Every contract has a <strong>use year</strong> (UY) starting on the 1st of one of eight months: February, March, April, June, August, September, October or December. The contract\'s full allowance of points arrives on the 1st of that month and is valid for 12 months. A December use year, for example, runs from December 1 to November 30.</p><table><caption>Use years at a glance</caption><thead><tr><th scope="col">Use year</th><th scope="col">Points arrive</th><th scope="col">Points expire</th><th scope="col">Bank by</th></tr></thead><tbody><tr><th scope="row">February</th><td>Feb 1</td><td>Jan 31</td><td>Sep 30</td></tr><tr><th scope="row">March</th><td>Mar 1</td><td>end of February</td><td>Oct 31</td></tr><tr><th scope="row">April</th><td>Apr 1</td><td>Mar 31</td><td>Nov 30</td></tr><tr><th scope="row">June</th><td>Jun 1</td><td>May 31</td><td>Jan 31</td></tr><tr><th scope="row">August</th><td>Aug 1</td><td>Jul 31</td><td>Mar 31</td></tr><tr><th scope="row">September</th><td>Sep 1</td><td>Aug 31</td><td>Apr 30</td></tr><tr><th scope="row">October</th><td>Oct 1</td><td>Sep 30</td><td>May 31</td></tr><tr><th scope="row">December</th><td>Dec 1</td><td>Nov 30</td><td>Jul 31</td></tr></tbody></table><p>Bank-by dates are the end of the eighth month of the use year.</p><p>The use year matters when you buy: it decides when your points refresh and the deadlines for banking. It does not limit when you travel; you can book any date your points and the booking window allow.</p><h2 id="banking">Banking points</h2><p>Points you will not use this use year can be <strong>banked</strong> into the next one. You can bank up to all of a year\'s points, but only during the first 8 months of the use year:</p><ul><li>February use year: bank by September 30.</li><li>December use year: bank by July 31.</li></ul><p>Banked points expire at the end of the next use year, and they cannot be banked again. Points you did not bank in time are still usable until the end of the current use year.</p><h2 id="borrowing">Borrowing points</h2><p>You can <strong>borrow</strong> points from your next use year at any time, up to the whole of next year\'s allowance, to make a bigger booking now. Borrowed points cannot be banked, and the next year starts with fewer points.</p><h2 id="holding">Holding points</h2><p>If you cancel or change a reservation less than 31 days before check-in, the points go into a <strong>holding</strong> account. Held points can be used only within the current use year and cannot be banked, so a late cancellation can cost the points if no other stay fits.</p><h2 id="points-per-year">Points per use year: loaded and stripped contracts</h2><p>A listing shows the points available in three use years: the <strong>previous</strong> year\'s points that were banked, the <strong>current</strong> year\'s points, and the <strong>next</strong> year\'s points. A standard contract has the full allowance this year and next.</p><ul><li>A <strong>loaded</strong> contract comes with extra banked points on top of the current year. It is worth more, but the banked points must be used before they expire.</li><li>A <strong>stripped</strong> contract is missing some or all of the current year\'s points, because the seller used or borrowed them. It should cost less, and you wait longer for your first stay.</li></ul><blockquote><p><strong>Example: a loaded 150-point contract</strong></p><p>A listing shows 40 previous (banked), 150 current and 150 next. You can book 190 points before the current use year ends, as long as the 40 banked points are used first, before they expire.</p></blockquote><h2 id="booking">Booking windows</h2><p>Points book villas night by night. The number of points a night costs depends on the resort, the room type (studio, one- or two-bedroom villa, grand villa, bungalow, cabin or treehouse), the view, the season and whether the night is a weekday (Sunday-Thursday) or a weekend (Friday-Saturday). A studio at the Villas at Grand Californian, for example, costs 17 points on a September Tuesday and 37 on the Saturday after Thanksgiving. Disney publishes new point charts every year.</p><ul><li><strong>11 months before check-in</strong> you can book at your home resort, the resort of your contract. This priority is the main reason to buy at the resort you visit most.</li><li><strong>7 months before check-in</strong> you can book at the other resorts your contract may use.</li></ul><p>Which other resorts a resale contract can book depends on its home resort and when it was bought: see the <a href="/resale-restrictions">resale restrictions</a>.</p><h2 id="closing">How a resale closes</h2><p>From accepted offer to points in your account usually takes <strong>60-90 days</strong>, and longer for Hilton Head, Aulani and Villas at Grand Californian. These are the steps:</p><ol><li>1<h3>Step 1: Offer and acceptance</h3><p>Days</p><p>The buyer makes an offer on a listing; the seller accepts, declines or counters until both agree on price and terms, including who pays this year\'s dues.</p></li><li>2<h3>Step 2: Purchase agreement</h3><p>1-2 days</p><p>Buyer and seller e-sign the purchase agreement, which records the price, points per use year and closing costs.</p></li><li>3<h3>Step 3: Deposit into escrow</h3><p>24-72 hours</p><p>The buyer pays a deposit, commonly 10% with a minimum of $1,000, to the licensed title company, which holds it in escrow.</p></li><li>4<h3>Step 4: Right of first refusal (ROFR)</h3><p>About 20-30 days</p><p>The contract is submitted to Disney, which has the right to buy it on the same terms. The answer usually takes 20-30 days, rarely 45.</p></li><li>5<h3>Step 5: ROFR waived or exercised</h3><p>Same day</p><p>If Disney waives its right, the sale continues. If Disney exercises it (a "buy-back", historically 4-15% of contracts), Disney buys on the same terms and the buyer\'s deposit is refunded in full.</p></li><li>6<h3>Step 6: Estoppel</h3><p>2-4 weeks after ROFR</p><p>Disney issues the estoppel: its statement of the contract\'s points, use year, dues status and end date. The title company checks it against the agreement.</p></li><li>7<h3>Step 7: Closing documents</h3><p>About 72 hours after estoppel</p><p>The seller signs the deed before a notary; the buyer signs the closing documents and wires the balance to the title company.</p></li><li>8<h3>Step 8: Deed recorded and points transferred</h3><p>10-14 business days</p><p>The deed is recorded, Disney moves the points into the buyer\'s membership, and the title company pays the seller.</p></li></ol><blockquote><p>The deposit stays in the title company\'s escrow throughout. If Disney buys the contract back at the right of first refusal, the buyer gets the whole deposit back. Costs on each side are listed on <a href="/selling-fees-associated">fees of selling</a>.</p></blockquote>',
  },
  {
    route: "privacy-policy",
    updatedAt: "2026-11-22",
    title: "Privacy policy",
    heading: "Privacy policy",
    description:
      "What personal data Vacation Points Market collects when you browse, list a contract, make an offer or sign an agreement, which cookies we set, how long we keep data and how to exercise your rights.",
    pageType: "legal",
    relatedRoutes: ["about-us", "terms-and-conditions"],
    body: '<p>This policy explains, in plain language, what Vacation Points Market ("we") collects about you, why, who sees it and how long we keep it.</p><h2 id="what-we-collect">What we collect</h2><h3>Your account</h3><p>When you create an account: your name, email address, phone number, password (stored only as a secure hash), whether you are a buyer or seller, and, when you complete your profile, your postal address. If you turn on two-factor sign-in we store what is needed to check your codes.</p><h3>Listings</h3><p>If you sell: the contract details you give us (resort, use year, points per use year, asking price) and any documents you upload, such as a deed. Listings are public, but they never show your name or contact details.</p><h3>Offers and agreements</h3><p>Offers and counter-offers, the messages and changes made on them, and the purchase agreements you sign. When you sign electronically we record an audit trail for each document: when it was created, sent, opened and signed, with the IP address and browser of each signer. This is what makes an electronic signature hold up.</p><h3>Using the site</h3><p>Our servers log requests (pages visited, IP address, browser, time) to keep the site secure and working. We count page views to learn which guides are useful.</p><h2 id="cookies">Cookies</h2><p>We use only the cookies the site needs. We do not use advertising cookies.</p><table><caption>Cookies we set</caption><thead><tr><th scope="col">Cookie</th><th scope="col">Why</th><th scope="col">How long</th></tr></thead><tbody><tr><th scope="row">Session cookie</th><td>Keeps you signed in and protects your account from forged requests. Set only when you sign in.</td><td>Until you sign out, or 30 days</td></tr><tr><th scope="row">my-favorite-listings</th><td>Remembers the listings you marked as favorites, even when you are not signed in.</td><td>30 days</td></tr></tbody></table><h2 id="how-we-use">How we use your data</h2><ul><li>To run your account and show you your listings, offers and agreements.</li><li>To carry out a sale: the other party, the title company handling escrow and closing, and Disney (for the right of first refusal and the transfer) receive the details each of them needs.</li><li>To contact you about your offers, agreements and closing, by email, phone or text message.</li><li>To send newsletters and listing alerts, only if you asked for them. Every one has an unsubscribe link.</li><li>To keep the site safe: rate limits, sign-in records and fraud checks.</li></ul><p>We do not sell your personal data.</p><h2 id="email">How we send email</h2><p>Account emails (verification codes, password resets) and deal emails (offers, signing requests, closing updates) are sent from our servers through an email delivery provider, which handles them only to deliver them. We keep a copy of each message we send so that we can show what was sent and when.</p><h2 id="retention">How long we keep data</h2><ul><li>Account data: while your account is open. When you delete your account we remove your profile and listings.</li><li>Signed agreements, their audit trails and closing records: as long as the law requires us to keep records of real-estate transactions, even after you delete your account.</li><li>Server logs and sign-in records: for a limited period, to investigate problems and abuse.</li></ul><h2 id="your-rights">Your rights</h2><p>You can see and correct most of your data in your profile. You can also ask us for a copy of the data we hold about you, ask us to correct or delete it, or object to how we use it. Some records of completed sales must be kept by law; we will tell you if that applies. You can unsubscribe from marketing email at any time.</p><h2 id="security">Security</h2><p>Passwords are hashed, connections are encrypted, and staff see only what their role needs. No system is perfect: use a strong password and turn on two-factor sign-in.</p><h2 id="contact">Contact</h2><p>Questions or requests about your data: email <a href="mailto:hello@vacationpointsmarket.test">hello@vacationpointsmarket.test</a> or call (800) 555-0142. See also our <a href="/terms-and-conditions">terms and conditions</a>. If we change this policy we update the date at the top and, for important changes, tell account holders by email.</p>',
  },
  {
    route: "resale-restrictions",
    title: "DVC resale restrictions",
    heading: "DVC resale restrictions",
    description:
      "What Disney Vacation Club resale points can and cannot book: the 2011, 2016 and 2019 rules, what grandfathered means, and how to check a contract before you buy.",
    pageType: "buyer",
    relatedRoutes: ["how-dvc-works", "resorts", "dvc-annual-dues", "selling-fees-associated"],
    body: '<p>A contract bought on the resale market books the same villas with the same points as one bought from Disney, but three rules added since 2011 limit what resale points can do. They are the main reason resale points cost less.</p><h2 id="rules">The three rules</h2><p>Each rule applies to resale contracts bought on or after the date it took effect. The date that counts is when the contract changed hands on the resale market, not when the points were first sold by Disney.</p><div data-embed="resale-rules-table"></div><h2 id="what-you-keep">What resale points can still do</h2><p>Every resale contract keeps the core of membership:</p><ul><li>Booking DVC villas with points, at the home resort 11 months before check-in and at the other resorts the contract may use 7 months before.</li><li>Banking and borrowing points between use years, and holding points from a late cancellation.</li><li>The same point charts, room types and seasons as a contract bought from Disney.</li></ul><p>The 2019 rule splits the resorts into two groups. Resale contracts at the original 14 resorts (Old Key West, BoardWalk, Beach Club, Boulder Ridge, Vero Beach, Hilton Head, Saratoga Springs, Animal Kingdom, Bay Lake Tower, Grand Californian, Aulani, Grand Floridian, Polynesian and Copper Creek) can book any of those 14. Resale contracts at <a href="/resorts/riviera">Riviera</a>, <a href="/resorts/disneyland-hotel-villas">Villas at Disneyland Hotel</a> and <a href="/resorts/cabins-at-fort-wilderness">Cabins at Fort Wilderness</a> can book only their own resort.</p><h2 id="grandfathered">What grandfathered means</h2><p>A contract is grandfathered when it was bought before a rule took effect: the rule does not apply to it, and it keeps the rights it had. A resale Animal Kingdom contract bought in 2017, for example, already lost the Collections (2011 rule) and membership extras (2016 rule), but it can still book Riviera because it was bought before January 19, 2019.</p><p>Grandfathered rights stay with the owner who holds them. When a grandfathered contract is sold again on the resale market, the new buyer gets it under the rules in force on the day they buy, so the rights do not pass on. A contract listed as "grandfathered" therefore tells you about the seller\'s membership, not yours.</p><h2 id="check-a-contract">How to check a contract before you buy</h2><ol><li><strong>Find the home resort.</strong> It decides which group the contract falls in. The resort page shows the restrictions that apply, for example <a href="/resorts/animal-kingdom">Animal Kingdom Villas</a>.</li><li><strong>Read the listing\'s points per use year.</strong> Banked, current and next-year points come with the contract whatever its restrictions.</li><li><strong>Ask for the contract details.</strong> Our agents confirm the resort, use year, points and end date with the seller\'s paperwork, and the estoppel that Disney issues after the right of first refusal confirms them before closing.</li><li><strong>Plan for where you want to stay.</strong> If Riviera, the Disneyland Hotel villas or the Fort Wilderness cabins matter to you, buy a contract at that resort: a resale contract elsewhere cannot book them.</li></ol><blockquote><p>These rules are Disney\'s and can change. We keep this page current, but the estoppel and Disney\'s membership documents are the final word on any contract.</p></blockquote>',
  },
  {
    route: "selling-fees-associated",
    title: "Fees of selling a DVC contract",
    heading: "Fees of selling a DVC contract",
    description:
      "What it costs to sell a Disney Vacation Club contract: our broker commission, estoppel and closing fees, what the buyer pays, and a worked net-proceeds example for a 150-point contract.",
    pageType: "seller",
    relatedRoutes: ["dvc-firpta", "harpta", "dvc-annual-dues", "how-dvc-works"],
    body: '<p>Selling a Disney Vacation Club contract costs a broker commission and a few fixed closing fees. Here is what each side usually pays and what you can expect to take home.</p><h2 id="seller-costs">What the seller pays</h2><div data-embed="seller-costs-table"></div><p>Commission is agreed in the listing agreement before you list. We do not lock you in for long, and if another licensed broker gives you a lower written commission quote, we match it.</p><p>Two other things can change your proceeds: any annual dues the buyer reimburses you for the rest of the year (see <a href="/dvc-annual-dues#closing">dues at closing</a>), and tax withholding if you are a foreign seller (<a href="/dvc-firpta">FIRPTA</a>) or sell an Aulani contract without living in Hawaii (<a href="/harpta">HARPTA</a>).</p><h2 id="buyer-costs">What the buyer pays</h2><ul><li><strong>Closing costs of about $400-$800</strong>: title search, the title company\'s closing fee and recording the deed.</li><li><strong>Florida documentary stamp tax</strong> on the deed for Florida resorts: $0.70 for every $100 of the price. On a $16,500 contract that is $115.50.</li><li>The share of this year\'s dues agreed in the purchase agreement.</li></ul><p>Buyers pay no broker commission. Because buyers weigh the total cost, a realistic asking price sells faster than a high one that leaves room to negotiate.</p><h2 id="example">Worked example: net proceeds</h2><div data-embed="net-proceeds-example"></div><blockquote><p>The figures on this page are typical, not quotes. Your listing agreement states the commission, and the title company\'s closing statement shows every cost to the cent before anyone signs.</p></blockquote>',
  },
  {
    route: "terms-and-conditions",
    updatedAt: "2026-11-22",
    title: "Terms and conditions",
    heading: "Terms and conditions",
    description:
      "The terms for using Vacation Points Market: accounts, listing a Disney Vacation Club contract, making offers, agreements, escrow and closing, fees, and our responsibilities.",
    pageType: "legal",
    relatedRoutes: ["privacy-policy", "about-us", "selling-fees-associated", "resale-restrictions"],
    body: '<p>These terms apply when you use Vacation Points Market. By creating an account, listing a contract or making an offer you agree to them. Please read them with our privacy policy.</p><h2 id="who-we-are">Who we are</h2><p>Vacation Points Market is an independent, licensed real-estate broker that lists Disney Vacation Club resale contracts. We are not affiliated with Disney. Disney Vacation Club and the resort names are trademarks of their owners and are used here only to describe the contracts listed.</p><h2 id="accounts">Your account</h2><ul><li>You must be at least 18 and able to enter a binding contract.</li><li>Give accurate details and keep them up to date; we use them to prepare agreements.</li><li>Keep your password private. You are responsible for what is done with your account.</li><li>We may suspend an account that is used for fraud, to harass others, or to get around these terms.</li></ul><h2 id="sellers">Listing a contract</h2><ul><li>You may list only a contract you own or are authorised to sell, and the details you give (resort, use year, points per use year, dues status) must be true. Disney\'s estoppel will confirm them before closing.</li><li>Listing is covered by a listing agreement that sets the commission. Commission is due only if the sale closes.</li><li>We may edit a listing for accuracy or format, or decline or remove a listing.</li></ul><h2 id="buyers">Making an offer</h2><ul><li>An offer is a real proposal to buy on the terms stated. Make one only if you mean it.</li><li>An accepted offer becomes binding when buyer and seller have both signed the purchase agreement. The agreement, not the listing, sets the final terms.</li><li>Resale contracts carry <a href="/resale-restrictions">resale restrictions</a> set by Disney. Check them before you offer.</li></ul><h2 id="escrow-closing">Escrow and closing</h2><p>Deposits and closing funds are paid to a licensed title company and held in escrow, never to us. Every resale is subject to Disney\'s right of first refusal: if Disney buys the contract, the buyer\'s deposit is refunded and the sale ends. The title company handles the estoppel, the deed and the payments. Costs each side pays are set out in the agreement and on <a href="/selling-fees-associated">fees of selling</a>.</p><h2 id="electronic-signatures">Electronic signatures and notices</h2><p>You agree to sign agreements electronically and to receive notices by email. An electronic signature on our site has the same effect as one on paper. We keep an audit trail of each signature.</p><h2 id="information">Information on the site</h2><p>Guides, dues, prices, point charts and calculators are provided to help you decide, in good faith and from public sources. They can change and may contain mistakes; they are not legal, tax or financial advice. Confirm anything important before relying on it.</p><h2 id="acceptable-use">Acceptable use</h2><p>Do not copy listings in bulk, scrape the site, try to get around security, or contact other users to take a deal off the platform.</p><h2 id="liability">Our responsibility</h2><p>We carry out our work as a licensed broker with reasonable care. We are not responsible for Disney\'s decisions (including the right of first refusal, point charts, dues and membership rules) or for what another user does. Nothing in these terms limits rights you have by law.</p><h2 id="changes">Changes and governing law</h2><p>We may update these terms; the date at the top shows the latest version, and changes do not affect agreements already signed. These terms are governed by the laws of the State of Florida.</p><h2 id="contact">Contact</h2><p>Questions about these terms: email <a href="mailto:hello@vacationpointsmarket.test">hello@vacationpointsmarket.test</a> or call (800) 555-0142. How we handle your data is explained in our <a href="/privacy-policy">privacy policy</a>.</p>',
  },
];

/** Pages whose content is code (a calculator, a table of the product's data): their rows carry heading, meta and intro. */
export const CODE_PAGES: SeedPage[] = [
  {
    route: "dvc-annual-dues",
    title: "DVC annual dues per point",
    heading: "DVC annual dues",
    description:
      "How Disney Vacation Club annual dues work: billed per point each calendar year, due January 15, capped at 15% a year, current dues per point at every resort and how dues are split at a resale closing.",
    pageType: "buyer",
    relatedRoutes: ["resorts", "how-dvc-works", "selling-fees-associated", "resale-restrictions"],
    body: "<p>Every Disney Vacation Club contract carries annual dues: a charge per point that pays for running and maintaining the resort. Dues are the main yearly cost of owning points, so compare them as carefully as the price.</p>",
  },
  {
    route: "dvc-firpta",
    title: "FIRPTA withholding when selling a DVC contract",
    heading: "FIRPTA withholding for foreign sellers",
    description:
      "Foreign sellers of Disney Vacation Club contracts have 15% of the gross price withheld under FIRPTA. Which forms are filed (8288 and 8288-A), when, and a worked example.",
    pageType: "seller",
    relatedRoutes: ["harpta", "selling-fees-associated", "how-dvc-works", "about-us"],
    body: "<p>A Disney Vacation Club contract is US real estate. When the seller is a foreign person, the Foreign Investment in Real Property Tax Act (FIRPTA) requires part of the price to be withheld at closing and paid to the IRS.</p>",
  },
  {
    route: "harpta",
    title: "HARPTA withholding when selling an Aulani contract",
    heading: "HARPTA withholding for Aulani sellers",
    description:
      "Selling an Aulani DVC contract without living in Hawaii: HARPTA withholds 7.25% of the amount realised (5% before September 15, 2018). Forms N-288, N-288A and N-289, and how HARPTA and FIRPTA combine.",
    pageType: "seller",
    relatedRoutes: ["dvc-firpta", "selling-fees-associated", "resorts", "how-dvc-works"],
    body: "<p>Aulani, Disney's resort at Ko Olina on Oahu, is Hawaii real estate. The Hawaii Real Property Tax Act (HARPTA) requires part of the price to be withheld when the seller is not a Hawaii resident, and that includes owners who live elsewhere in the United States.</p>",
  },
  {
    route: "dvc-financing",
    title: "Financing a resale DVC contract",
    heading: "Financing a resale DVC contract",
    description:
      "Lenders that finance resale Disney Vacation Club contracts, their rates, terms, minimum loans and down payments, and a payment calculator: monthly payment, total interest, total paid and closing costs.",
    pageType: "buyer",
    relatedRoutes: ["dvc-annual-dues", "how-dvc-works", "resale-restrictions"],
    body: "<p>Most resale contracts are bought with cash, but a few lenders finance them. Here are the lenders we know of, with their terms, and a calculator for the monthly payment, the interest and what you pay at closing.</p>",
  },
  {
    route: "buying-vacation-point-calculator",
    title: "DVC point calculator",
    heading: "DVC point calculator",
    description:
      "How many Disney Vacation Club points a stay takes, night by night, at every resort, room and view, and the contract size to buy for it.",
    pageType: "buyer",
    relatedRoutes: ["how-dvc-works", "resorts", "dvc-annual-dues"],
    body: "<p>Choose a resort, a room, a view and your dates: we price the stay night by night from the resort's point chart, compare it with the other views and resorts, and tell you the contract size that pays for it every year.</p>",
  },
  {
    route: "dvc-compare-prices",
    title: "DVC resale prices against Disney's direct prices",
    heading: "Resale against direct prices",
    description:
      "Resale price per point from our own listings and sales against Disney's direct price at each resort, and a calculator for a contract's total cost over its remaining years, resale against direct.",
    pageType: "buyer",
    relatedRoutes: ["dvc-annual-dues", "resorts", "resale-restrictions"],
    body: "<p>The same points cost far less on the resale market than from Disney. Here is the gap at each resort, from our own listings and sales, and what it means over a contract's remaining years.</p>",
  },
  {
    route: "dvc-expiration-date",
    title: "When DVC contracts expire: years left per resort",
    heading: "DVC contract end dates",
    description:
      "The year each Disney Vacation Club resort's contracts end, the years left, and what that does to a point's value: the yearly cost of a point, from our own market's prices and the resort's dues.",
    pageType: "buyer",
    relatedRoutes: ["resorts", "dvc-annual-dues", "how-dvc-works"],
    body: "<p>Every Disney Vacation Club contract ends on January 31 of its resort's end year, and the points are gone with it. A contract with fewer years left should cost less per point: here is how much less.</p>",
  },
  {
    route: "dvc-retail-prices",
    title: "Disney Vacation Club direct (retail) prices per point",
    heading: "DVC direct prices from Disney",
    description:
      "What Disney charges per point for a new DVC contract at each resort, dated and sourced, with the history we have on record.",
    pageType: "buyer",
    relatedRoutes: ["dvc-annual-dues", "resorts", "how-dvc-works"],
    body: "<p>Disney sells new points at its own price per point, resort by resort. Resale contracts usually cost far less; this page lists the direct prices we have on record, each with its date and source.</p>",
  },
  {
    route: "market",
    title: "DVC resale market data: prices, sales, days on market and ROFR",
    heading: "DVC resale market data",
    description:
      "Disney Vacation Club resale prices per point by resort and month, asking and sold, sales volume, median days on market and the developer's right-of-first-refusal results, with CSV and JSON downloads.",
    pageType: "guide",
    relatedRoutes: ["dvc-annual-dues", "resorts", "selling/rvc"],
    body: "<p>What Disney Vacation Club contracts ask and sell for on our marketplace, month by month: price per point, sales, days on market and the developer's right of first refusal. Every figure is downloadable.</p>",
  },
  {
    route: "resorts",
    title: "Disney Vacation Club resorts",
    heading: "Disney Vacation Club resorts",
    description:
      "All 17 Disney Vacation Club resorts: where they are, when their contracts end, how many years are left and the annual dues per point, plus exchange (interval) resorts.",
    pageType: "guide",
    relatedRoutes: ["how-dvc-works", "resale-restrictions", "dvc-annual-dues"],
    body: "",
  },
  {
    route: "selling/rvc",
    title: "Resale value calculator: what is my DVC contract worth?",
    heading: "Resale value calculator",
    description:
      "Value a Disney Vacation Club contract from comparable listings for sale and closed sales at its resort, with the banked and current points taken into account, and list it at that price.",
    pageType: "seller",
    relatedRoutes: ["selling-fees-associated", "dvc-annual-dues", "market"],
    body: "<p>What your Disney Vacation Club contract is worth today: a value range from comparable contracts for sale and recently sold at your resort, with your banked and current points counted in. The same comparison scores our listings and checks buyers' offers.</p>",
  },
];
