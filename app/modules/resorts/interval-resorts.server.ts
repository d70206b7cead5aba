import { href } from "react-router";

/**
 * The text of /resorts/interval-resorts (exchange through Interval International), as HTML built on the server: it
 * is the same for everyone, so it travels in the page and its data, not in the resort page's browser code (the
 * JavaScript budget, decision 0012).
 */
export const INTERVAL_RESORTS_HTML = `<h2>What exchange means</h2>
<p>Besides the 17 DVC resorts, members can trade points for stays at resorts outside the club through an external exchange company (Interval International for DVC). You give up points for a week at another resort in the exchange network, which includes resorts in many countries.</p>
<h2>What to know before relying on it</h2>
<ul>
<li>Exchange is a use of points, not a separate contract: there is no exchange-resort contract to buy, and nothing on this marketplace is a contract at an exchange resort.</li>
<li>The exchange company sets its own membership and exchange fees, availability and point costs, and these change.</li>
<li>Exchange is separate from the Disney, Concierge and Adventurer Collections, which resale points cannot book (see <a href="${href("/resale-restrictions")}">resale restrictions</a>). Check with the exchange company what a resale membership can use before you count on it.</li>
<li>For most owners the home-resort booking window is worth far more than exchange: buy a contract at the resort you want to visit most.</li>
</ul>
<p><a href="${href("/resorts")}">Compare the 17 DVC resorts</a>.</p>`;
