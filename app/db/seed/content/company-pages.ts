import { href } from "react-router";
import type { SeedPage } from "~/modules/content/page-seed";

/**
 * The contact page and the short system pages the SPEC names (issue 32, decision 0079). The contact page's form is
 * the `contact-form` embed (the pages helper's, over the contact messages of app/modules/contact); the phone numbers,
 * email and opening hours are settings shown by the shell's contact panel, so they are not repeated here. The
 * newsletter pages are the texts only: the subscriber logic that leads to them is another module's.
 */
export const COMPANY_PAGES: SeedPage[] = [
  {
    route: "contact-us",
    title: "Contact us",
    heading: "Contact us",
    description:
      "Ask a licensed resale broker about buying or selling a DVC contract, a listing, an offer or a closing. Send a message here; we usually answer within one business day.",
    metaKeywords: "contact DVC resale broker, DVC resale questions",
    pageType: "company",
    body: `
<p>Whether you are weighing your first resale contract, pricing one to sell, or partway through a closing, you can ask us. We read every message and answer it, usually within one business day.</p>

<h2>Send us a message</h2>
<p>Give your name, your email address and your question; a phone number is optional, for when a call is easier. The more you tell us (the resort, the points, the use year, a listing code or an agreement number), the more useful our first answer will be.</p>
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

<h2>Call or email</h2>
<p>Our phone numbers, our email address and our opening hours are in the contact panel of the tool menu on every page. Outside those hours, a message here reaches us first thing on the next business day.</p>

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
  {
    route: "newsletter/confirmed",
    title: "Newsletter subscription confirmed",
    heading: "You are subscribed",
    description:
      "Your email address is confirmed and you are subscribed to our newsletter: resale market news, new guides and listing highlights. Every issue has an unsubscribe link.",
    pageType: "system",
    body: `
<p>Thank you for confirming your email address. You are now subscribed to our newsletter.</p>

<h2>What you will receive</h2>
<ul>
<li>News of the resale market: prices, the developer's right of first refusal and changes to the rules that affect owners.</li>
<li>New guides and articles for buyers and sellers.</li>
<li>Highlights from the listings.</li>
</ul>
<p>Every email has a one-click unsubscribe link at the bottom; you can leave whenever you like.</p>

<h2>Want alerts for particular contracts?</h2>
<p>The newsletter is general. To hear the moment a contract you want is listed, file a <a href="${href("/special-request")}">special request</a>; in the meantime, browse <a href="${href("/listings")}">the listings</a> or the <a href="${href("/market")}">market data</a>.</p>
`,
  },
  {
    route: "newsletter/unsubscribed",
    title: "You have unsubscribed from our newsletter",
    heading: "You are unsubscribed",
    description:
      "Your email address has been removed from our newsletter list and no more newsletters will be sent to it. Emails about your own offers and agreements are not affected.",
    pageType: "system",
    body: `
<p>Your email address has been removed from our newsletter list. We will not send you any more newsletters.</p>

<h2>What still reaches you</h2>
<p>If you have an account, emails about your own offers, agreements, special requests and closing still arrive: they are part of a transaction you started, not marketing. You can follow all of them in <a href="${href("/v2/profile")}">your profile</a> too.</p>

<h2>Changed your mind?</h2>
<p>You can subscribe again at any time from the newsletter box at the foot of any page. If you unsubscribed by mistake or keep receiving newsletters, <a href="/contact-us">let us know</a>.</p>
`,
  },
];
