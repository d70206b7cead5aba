import { defineTemplate } from "~/lib/templates.server";

/** The mails about offers (issue 10; decision 0025): code defaults an administrator may override. */

const VARIABLES = {
  site: "The site's name",
  name: "The recipient's name",
  listing_code: "The listing's code",
  listing_name:
    "The listing as a person names it: resort, points and code, like Animal Kingdom Villas, 160 points (L-1042)",
  resort: "The listing's resort",
  points: "The contract's points",
  price: "The price per point on the table, like $135/pt",
  total: "The total price, like $21,600",
  terms: "The terms on the table: a list of { label, value }",
  who: "Who acted: the buyer, the seller, or an administrator for one of them",
  message: "The message that came with the offer or counter (may be empty)",
  reason: "Why the offer was declined (declined mails)",
  expires_at: "When the offer expires, in Eastern time",
  link: "The offer's own page for the recipient",
  pixel_url: "The seller's mails about a new offer or counter: the open-tracking image's address (may be empty)",
  what: "The buyer's copy: offer or counter-offer",
};

/** What the editor's preview and test mails fill the variables with (decision 0069). */
const SAMPLE = {
  name: "Jordan",
  listing_code: "L-1042",
  listing_name: "Bay Lake Tower, 160 points (L-1042)",
  resort: "Bay Lake Tower",
  points: 160,
  price: "$150/pt",
  total: "$24,000",
  terms: [
    { label: "Price per point", value: "$150/pt" },
    { label: "Total", value: "$24,000" },
    { label: "Closing costs paid by", value: "Buyer" },
  ],
  who: "The buyer",
  message: "We would love to close before our December trip.",
  reason: "the price is below what the seller accepts",
  expires_at: "Friday, March 6, 2026 at 5:00 PM ET",
  link: "https://www.example.com/my-offers/1042",
  pixel_url: "",
  what: "offer",
};

const TERMS_TEXT = "{% for t in terms %}{{ t.label }}: {{ t.value }}\n{% endfor %}";
const TERMS_HTML =
  '<table cellpadding="4" style="border-collapse:collapse">{% for t in terms %}<tr><th align="left">{{ t.label }}</th><td>{{ t.value }}</td></tr>{% endfor %}</table>';
const MESSAGE_TEXT = "{% if message != blank %}\nTheir message:\n{{ message }}\n{% endif %}";
const MESSAGE_HTML =
  '{% if message != blank %}<p>Their message:</p><blockquote style="white-space:pre-line;margin:0 0 1em;padding-left:12px;border-left:3px solid #0369a1">{{ message }}</blockquote>{% endif %}';

/** The 1x1 image that tells the buyer the seller opened the mail (decision 0031); empty when there is none. */
const PIXEL_HTML =
  '{% if pixel_url != blank %}<img src="{{ pixel_url }}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">{% endif %}';

function offerMail(o: {
  key: string;
  description: string;
  subject: string;
  lead: string;
  after?: string;
  pixel?: boolean;
}) {
  const after = o.after ?? "";
  return defineTemplate({
    key: o.key,
    kind: "mail",
    description: o.description,
    variables: VARIABLES,
    sample: SAMPLE,
    subject: o.subject,
    text: `Hello {{ name }},

${o.lead}
${MESSAGE_TEXT}
${TERMS_TEXT}
${after}
See the offer: {{ link }}`,
    html: `<p>Hello {{ name }},</p>
<p>${o.lead}</p>
${MESSAGE_HTML}
${TERMS_HTML}
${after ? `<p>${after}</p>` : ""}
<p><a href="{{ link }}">See the offer on {{ site }}</a></p>${o.pixel ? `\n${PIXEL_HTML}` : ""}`,
  });
}

export const OFFER_SUBMITTED_MAIL = offerMail({
  key: "offer-submitted",
  description: "Sent to the seller (or the broker's staff) when a buyer makes an offer.",
  subject: "New offer on {{ listing_name }}: {{ price }}",
  lead: "{{ who }} made an offer of {{ price }} ({{ total }}) on your {{ resort }} listing {{ listing_code }}.",
  after: "Please accept, counter or decline it before {{ expires_at }}, when it expires.",
  pixel: true,
});

export const OFFER_COUNTERED_MAIL = offerMail({
  key: "offer-countered",
  description: "Sent to the other party when the buyer or the seller counters an offer.",
  subject: "Counter-offer on {{ listing_name }}: {{ price }}",
  lead: "{{ who }} countered with {{ price }} ({{ total }}) on the {{ resort }} listing {{ listing_code }}.",
  after: "Please answer before {{ expires_at }}, when the counter-offer expires.",
  pixel: true,
});

export const OFFER_ACCEPTED_MAIL = offerMail({
  key: "offer-accepted",
  description: "Sent to the other party when an offer or counter-offer is accepted.",
  subject: "Offer accepted on {{ listing_name }}",
  lead: "{{ who }} accepted the offer of {{ price }} ({{ total }}) on the {{ resort }} listing {{ listing_code }}. The listing is now under contract.",
  after: "We will send the purchase agreement to sign next.",
});

export const OFFER_DECLINED_MAIL = offerMail({
  key: "offer-declined",
  description:
    "Sent to the buyer when the seller declines an offer, or when the seller accepted another offer on the listing.",
  subject: "Offer declined on {{ listing_name }}",
  lead: "{{ who }} declined your offer of {{ price }} on the {{ resort }} listing {{ listing_code }}. Reason: {{ reason }}.",
});

export const OFFER_WITHDRAWN_MAIL = offerMail({
  key: "offer-withdrawn",
  description: "Sent to the seller (or the broker's staff) when the buyer withdraws an offer.",
  subject: "Offer withdrawn on {{ listing_name }}",
  lead: "{{ who }} withdrew the offer of {{ price }} on your {{ resort }} listing {{ listing_code }}.",
});

export const OFFER_EXPIRING_MAIL = offerMail({
  key: "offer-expiring",
  description: "Sent halfway through an offer's time to the party who must answer it.",
  subject: "Reminder: an offer on {{ listing_name }} expires soon",
  lead: "The offer of {{ price }} ({{ total }}) on the {{ resort }} listing {{ listing_code }} is waiting for your answer. It expires at {{ expires_at }}.",
});

export const OFFER_EXPIRED_MAIL = offerMail({
  key: "offer-expired",
  description: "Sent to both parties when an offer expires without an answer.",
  subject: "Offer expired on {{ listing_name }}",
  lead: "The offer of {{ price }} on the {{ resort }} listing {{ listing_code }} expired at {{ expires_at }} without an answer.",
});

/** The buyer's own copy of an offer or counter they sent, when their `auto_send_email` setting is on. */
export const OFFER_SENT_COPY_MAIL = offerMail({
  key: "offer-sent-copy",
  description:
    "The buyer's copy of an offer or counter-offer they sent (only when their auto_send_email setting is on).",
  subject: "Your {{ what }} on {{ listing_name }} was sent: {{ price }}",
  lead: "This is your copy: your {{ what }} of {{ price }} ({{ total }}) on the {{ resort }} listing {{ listing_code }} was sent to the seller.",
  after: "The seller has until {{ expires_at }} to answer.",
});

/** The text message of every offer event (and of the seller's opens and views), to people who turned SMS on. */
export const OFFER_EVENT_SMS = defineTemplate({
  key: "offer-event-sms",
  kind: "sms",
  description: "The text message about an offer event, sent with the mail to people who turned SMS on.",
  variables: {
    site: "The site's name",
    title: "What happened, like the mail's subject: New offer on Bay Lake Tower, 160 points (L-123): $135/pt",
    link: "The offer's own page for the recipient",
  },
  sample: {
    title: "New offer on Bay Lake Tower, 160 points (L-1042): $150/pt",
    link: "https://www.example.com/my-offers/1042",
  },
  text: "{{ site }}: {{ title }}. {{ link }}",
});

export const OFFER_TEMPLATES = [
  OFFER_SUBMITTED_MAIL,
  OFFER_COUNTERED_MAIL,
  OFFER_ACCEPTED_MAIL,
  OFFER_DECLINED_MAIL,
  OFFER_WITHDRAWN_MAIL,
  OFFER_EXPIRING_MAIL,
  OFFER_EXPIRED_MAIL,
  OFFER_SENT_COPY_MAIL,
  OFFER_EVENT_SMS,
];
