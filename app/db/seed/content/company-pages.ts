import { href } from "react-router";
import type { SeedPage } from "~/modules/content/page-seed";

/**
 * The contact page and the short system pages the SPEC names (issue 32, decision 0079). The contact page shows the
 * email, phones and opening hours from the site settings (the `contact-details` embed) and the contact form (the
 * `contact-form` embed), which leads to the thank-you page once a message is sent. The newsletter's own pages
 * (/newsletter/confirm, /newsletter/unsubscribe) are code: they act on the link's token.
 */
export const COMPANY_PAGES: SeedPage[] = [
  {
    route: "contact-us",
    title: "Contact us",
    heading: "Contact us",
    description:
      "Ask a licensed resale broker about buying or selling a DVC contract, a listing, an offer or a closing: our contact form, email, phones and hours, and what to tell us.",
    metaKeywords: "contact DVC resale broker, DVC resale questions",
    pageType: "company",
    body: `
<p>Whether you are weighing your first resale contract, pricing one to sell, or partway through a closing, you can ask us. We read every message and answer it, usually within one business day.</p>

<h2>Write or call us</h2>
<p>Send us a message with the form below, email us, or call during our opening hours. The more you tell us (the resort, the points, the use year, a listing code or an agreement number), the more useful our first answer will be.</p>
<div data-embed="contact-details"></div>
<p>A message sent with the form goes straight to our team, and the next page confirms that it has arrived. We answer by email, or by phone if you give a number and a call is quicker.</p>
<div data-embed="contact-form"></div>

<h2>What to tell us</h2>
<table>
<thead><tr><th scope="col">If you are</th><th scope="col">Helpful to include</th></tr></thead>
<tbody>
<tr><td>Thinking of buying</td><td>The resorts you like, when and how often you travel, the room you want and your budget, so we can suggest a contract size and use year</td></tr>
<tr><td>Thinking of selling</td><td>The resort, the points per year, the use year, the points for the previous, current and next use years, and any points booked for a stay</td></tr>
<tr><td>In the middle of a sale</td><td>The agreement number and the step you are at: deposit, right of first refusal, estoppel, closing documents or recording</td></tr>
<tr><td>Selling from outside the US, or at Aulani</td><td>Where you live for tax purposes, so we can explain the <a href="/tax-withholding">withholding</a> that applies</td></tr>
</tbody>
</table>

<h2>Outside our hours</h2>
<p>Our phone numbers, email address and opening hours are also in the contact panel of the tool menu on every page. A message or an email sent outside those hours is read first thing on the next business day.</p>

<h2>Questions we can answer quickly elsewhere</h2>
<table>
<thead><tr><th scope="col">If you want to know</th><th scope="col">Read</th></tr></thead>
<tbody>
<tr><td>What a contract is worth</td><td><a href="${href("/selling/rvc")}">The resale value calculator</a></td></tr>
<tr><td>What selling costs</td><td><a href="${href("/selling-fees-associated")}">The fees of selling</a></td></tr>
<tr><td>How long a sale takes</td><td><a href="/selling-how-long-to-sell">How long to sell</a></td></tr>
<tr><td>What to check before buying</td><td><a href="/dvc-checklist">The buyer's checklist</a></td></tr>
<tr><td>What resale points cannot book</td><td><a href="${href("/resale-restrictions")}">Resale restrictions</a></td></tr>
<tr><td>A resort's annual dues</td><td><a href="${href("/dvc-annual-dues")}">Annual dues</a></td></tr>
<tr><td>Anything else buyers and sellers often ask</td><td><a href="/faqs">The FAQs</a></td></tr>
</tbody>
</table>

<h2>About a listing, an offer or an agreement</h2>
<ul>
<li><strong>A listing.</strong> Use "Ask about this listing" on the listing's own page, so your question arrives with the listing attached.</li>
<li><strong>Your offers and agreements.</strong> Their status, documents and next steps are in <a href="${href("/v2/profile")}">your profile</a>. If something there looks wrong, write to us with the agreement number.</li>
<li><strong>A contract you are looking for.</strong> File a <a href="${href("/special-request")}">special request</a> and we will email you when one is listed.</li>
</ul>

<h2>What happens to your message</h2>
<p>Your message is kept so that we can answer it and follow it up, and is used for nothing else. See <a href="${href("/privacy-policy")}">our privacy policy</a> for how we keep personal information.</p>
`,
  },
  {
    route: "thank-you",
    title: "Thank you: your message reached us",
    heading: "Thank you",
    description:
      "Your message reached us. We read it and answer by email, usually within one business day; meanwhile, here is where to find listings, prices and the guides.",
    pageType: "system",
    body: `
<p>Your message reached us. We will read it and answer by email, usually within one business day. If you gave a phone number and a call is quicker, we may ring you instead.</p>

<h2>While you wait</h2>
<ul>
<li>Browse <a href="${href("/listings")}">the contracts for sale</a> or <a href="${href("/rentals")}">the rentals</a>.</li>
<li>Check recent prices on <a href="${href("/market")}">the market data page</a>.</li>
<li>Value a contract you own with <a href="${href("/selling/rvc")}">the resale value calculator</a>.</li>
<li>Read the answers to common questions in <a href="/faqs">our FAQs</a>.</li>
</ul>

<h2>Did not hear back?</h2>
<p>Check your spam or junk folder for our reply. If nothing has arrived after two business days, write again from <a href="/contact-us">the contact page</a> or call us on the numbers in the contact panel.</p>
`,
  },
  {
    route: "email-replied",
    title: "Your reply has been received",
    heading: "Thank you for your reply",
    description:
      "We received your reply to our email and will follow it up, answering you if anything more is needed. Your offers and agreements are in your profile.",
    pageType: "system",
    body: `
<p>We received your reply to our email. We will follow it up and answer you if anything more is needed.</p>

<h2>What next</h2>
<ul>
<li>If your reply was about an offer or an agreement, its status and documents are in <a href="${href("/v2/profile")}">your profile</a>. Offers have a deadline, so check there that nothing is waiting for you.</li>
<li>If you asked a question, expect an answer by email, usually within one business day.</li>
<li>If you have more to add, write to us from <a href="/contact-us">the contact page</a> and mention the email you are answering, or your agreement number.</li>
</ul>

<h2>Useful pages</h2>
<p>The steps of a resale, from the right of first refusal to the recorded deed, are on <a href="${href("/how-dvc-works")}">how DVC works</a>; the costs of selling are on <a href="${href("/selling-fees-associated")}">the fees of selling</a>; the answers to common questions are in <a href="/faqs">our FAQs</a>.</p>
`,
  },
];
