import { defineTemplate } from "~/lib/templates.server";

/** The mails about agreements (issue 11; decision 0025): code defaults an administrator may override. */

const VARIABLES = {
  site: "The site's name",
  name: "The recipient's name",
  agreement_number: "The agreement's number (VPM-000123), as every page shows it",
  agreement_id: "The same as agreement_number (kept for stored versions)",
  listing_code: "The listing's code",
  resort: "The contract's resort",
  points: "The contract's points, a number",
  points_words: "The contract's points with the word (“160 points”, “1 point”)",
  total: "The price, like $21,600",
  terms: "The agreement's terms: a list of { label, value }",
  who: "Who took the step: a party, or the back office",
  deposit: "The deposit, like $2,160",
  deposit_due: "When the deposit is due, in Eastern time",
  title_company: "The title company's name (may be empty)",
  reason: "Why the agreement was cancelled (cancelled mails)",
  message: "A message from the back office (may be empty)",
  link: "The agreement's page for the recipient (the buyer's deposit page in the deposit mails)",
};

/** What the editor's preview and test mails fill the variables with (decision 0069). */
const SAMPLE = {
  name: "Jordan",
  agreement_number: "VPM-000123",
  agreement_id: "VPM-000123",
  listing_code: "L-1042",
  resort: "Bay Lake Tower",
  points: 160,
  points_words: "160 points",
  total: "$24,000",
  terms: [
    { label: "Points", value: "160 points, December use year" },
    { label: "Price", value: "$24,000 ($150/pt)" },
    { label: "Deposit", value: "$2,400" },
  ],
  who: "The seller",
  deposit: "$2,400",
  deposit_due: "Monday, March 9, 2026 at 5:00 PM ET",
  title_company: "Magnolia Coast Title",
  reason: "the buyer's financing fell through",
  message: "The developer waived its right of first refusal.",
  link: "https://www.example.com/agreements/123",
};

const TERMS_TEXT = "{% for t in terms %}{{ t.label }}: {{ t.value }}\n{% endfor %}";
const TERMS_HTML =
  '<table cellpadding="4" style="border-collapse:collapse">{% for t in terms %}<tr><th align="left">{{ t.label }}</th><td>{{ t.value }}</td></tr>{% endfor %}</table>';

function agreementMail(o: { key: string; description: string; subject: string; lead: string; after?: string }) {
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

${TERMS_TEXT}
${after}
See the agreement: {{ link }}`,
    html: `<p>Hello {{ name }},</p>
<p>${o.lead}</p>
${TERMS_HTML}
${after ? `<p style="white-space:pre-line">${after}</p>` : ""}
<p><a href="{{ link }}">See the agreement on {{ site }}</a></p>`,
  });
}

export const AGREEMENT_SENT_MAIL = agreementMail({
  key: "agreement-sent",
  description: "Sent to the buyer and the seller when the purchase agreement is ready to sign (send-sign-email).",
  subject: "Please sign the purchase agreement for listing {{ listing_code }}",
  lead: "The purchase agreement for the {{ resort }} contract {{ listing_code }} ({{ points_words }}, {{ total }}) is ready. Please review each of its four sections, initial them and sign.",
  after:
    "Nothing is binding until both of you have signed. The agreement is subject to the developer's right of first refusal.",
});

export const AGREEMENT_SIGNED_MAIL = agreementMail({
  key: "agreement-signed",
  description: "Sent to the other party when one party signs the purchase agreement.",
  subject: "{{ who }} signed the purchase agreement for listing {{ listing_code }}",
  lead: "{{ who }} signed the purchase agreement for the {{ resort }} contract {{ listing_code }}. It is your turn to sign.",
});

export const AGREEMENT_SEALED_MAIL = agreementMail({
  key: "agreement-sealed",
  description: "Sent to both parties when both have signed: the contract is sealed and the deposit falls due.",
  subject: "Purchase agreement signed by both sides: listing {{ listing_code }}",
  lead: "Both sides have signed the purchase agreement for the {{ resort }} contract {{ listing_code }}. The sealed contract is on the agreement's page.",
  after:
    "Next: the buyer wires the deposit of {{ deposit }} to the title company{% if title_company != blank %} ({{ title_company }}){% endif %} by {{ deposit_due }}. The wire instructions are on the deposit page of the site: we never send wire instructions by email. Before wiring, call the title company at a number you already know to confirm them.",
});

export const AGREEMENT_DEPOSIT_REMINDER_MAIL = agreementMail({
  key: "agreement-deposit-reminder",
  description: "Sent to the buyer halfway to the deposit deadline when the deposit has not been received.",
  subject: "Reminder: the deposit for listing {{ listing_code }} is due by {{ deposit_due }}",
  lead: "The deposit of {{ deposit }} for the {{ resort }} contract {{ listing_code }} is due by {{ deposit_due }}.",
  after:
    "The wire instructions{% if title_company != blank %} of {{ title_company }}{% endif %} are on the deposit page (the link below): we never send wire instructions by email. If you have already sent the deposit, tell us on that page.",
});

export const AGREEMENT_SIGNING_REMINDER_MAIL = agreementMail({
  key: "agreement-signing-reminder",
  description: "Sent to a party who has not signed the purchase agreement 48 hours after it went out.",
  subject: "Reminder: the purchase agreement for listing {{ listing_code }} waits for your signature",
  lead: "The purchase agreement for the {{ resort }} contract {{ listing_code }} waits for your signature.",
});

export const AGREEMENT_STEP_MAIL = agreementMail({
  key: "agreement-step",
  description:
    "Sent to both parties at each step the back office records: deposit received, submitted for ROFR, ROFR waived, estoppel received, closing documents sent, closed.",
  subject: "Agreement {{ agreement_number }} (listing {{ listing_code }}): {{ message }}",
  lead: "{{ message }}",
});

export const AGREEMENT_BUY_BACK_MAIL = agreementMail({
  key: "agreement-buy-back",
  description: "Sent to both parties when the developer exercises its right of first refusal (buy-back).",
  subject: "The developer bought back the {{ resort }} contract {{ listing_code }}",
  lead: "The developer exercised its right of first refusal on the {{ resort }} contract {{ listing_code }}: it buys the contract on the same terms. The sale to the buyer ends here.",
  after:
    "Buyer: your deposit of {{ deposit }} is refunded in full by the title company. Seller: the title company closes the sale with the developer.",
});

export const AGREEMENT_CANCELLED_MAIL = agreementMail({
  key: "agreement-cancelled",
  description: "Sent to both parties when an administrator cancels an agreement.",
  subject: "Agreement {{ agreement_number }} for listing {{ listing_code }} was cancelled",
  lead: "The agreement for the {{ resort }} contract {{ listing_code }} was cancelled. Reason: {{ reason }}.",
  after: "Any deposit held in escrow is returned by the title company under the agreement's terms.",
});

export const AGREEMENT_MESSAGE_MAIL = agreementMail({
  key: "agreement-message",
  description: "A message from the back office to one or both parties of an agreement (send-email).",
  subject: "About agreement {{ agreement_number }} (listing {{ listing_code }})",
  lead: "A message from our closing team about the {{ resort }} contract {{ listing_code }}:",
  after: "{{ message }}",
});

export const AGREEMENT_DEED_RECORDED_MAIL = agreementMail({
  key: "agreement-deed-recorded",
  description: "Sent to both parties when an administrator uploads the deed as the county recorded it.",
  subject: "The deed for agreement {{ agreement_number }} is recorded: the next step is closing",
  lead: "The deed for the {{ resort }} contract {{ listing_code }} is recorded in the county and on file with agreement {{ agreement_number }}. The next step is closing.",
  after:
    "After closing, the points are transferred to the buyer's membership, usually within 10 to 14 business days, and the seller is paid from escrow. You can download the recorded deed from the agreement's page.",
});

export const AGREEMENT_FACTS_NEEDED_MAIL = defineTemplate({
  key: "agreement-facts-needed",
  kind: "mail",
  description:
    "Sent to a party when the contract cannot go out to sign because a fact it prints about them is not on file (their legal name, mailing address, the names for the deed).",
  variables: {
    ...VARIABLES,
    missing: "What is missing, in words (“your mailing address”)",
    link: "The form where they fill it in (their profile, or the agreement's page)",
  },
  sample: { ...SAMPLE, missing: "mailing address", link: "https://www.example.com/profile" },
  subject: "Your {{ missing }} is needed for the purchase agreement {{ agreement_number }}",
  text: `Hello {{ name }},

The purchase agreement {{ agreement_number }} for the {{ resort }} contract {{ listing_code }} is ready to go out for signature, but it prints your {{ missing }}, and we do not have it yet. Please add it here: {{ link }}

We send the contract to sign as soon as it is on file.`,
  html: `<p>Hello {{ name }},</p>
<p>The purchase agreement {{ agreement_number }} for the {{ resort }} contract {{ listing_code }} is ready to go out for signature, but it prints your {{ missing }}, and we do not have it yet.</p>
<p><a href="{{ link }}">Add your {{ missing }}</a></p>
<p>We send the contract to sign as soon as it is on file.</p>`,
});

export const AGREEMENT_TEMPLATES = [
  AGREEMENT_FACTS_NEEDED_MAIL,
  AGREEMENT_MESSAGE_MAIL,
  AGREEMENT_SENT_MAIL,
  AGREEMENT_SIGNED_MAIL,
  AGREEMENT_SEALED_MAIL,
  AGREEMENT_DEPOSIT_REMINDER_MAIL,
  AGREEMENT_SIGNING_REMINDER_MAIL,
  AGREEMENT_STEP_MAIL,
  AGREEMENT_DEED_RECORDED_MAIL,
  AGREEMENT_BUY_BACK_MAIL,
  AGREEMENT_CANCELLED_MAIL,
];

// ---------------------------------------------------------------------------------------------------------------
// Addenda (decision 0036): the mails about a correction to a sealed agreement.

const ADDENDUM_VARIABLES = {
  ...VARIABLES,
  addendum_number: "The addendum's number (1, 2, … per agreement)",
  addendum_title: "The addendum's title",
  reason: "Why the addendum was withdrawn (withdrawn mails)",
  link: "The addendum's signing page, or its sealed PDF once sealed",
};

function addendumMail(o: { key: string; description: string; subject: string; lead: string; action: string }) {
  return defineTemplate({
    key: o.key,
    kind: "mail",
    description: o.description,
    variables: ADDENDUM_VARIABLES,
    sample: {
      ...SAMPLE,
      addendum_number: 1,
      addendum_title: "Corrected use year",
      reason: "the seller's use year was already right",
      link: "https://www.example.com/agreements/123/addenda/1",
    },
    subject: o.subject,
    text: `Hello {{ name }},

${o.lead}

Addendum {{ addendum_number }}: {{ addendum_title }}
${TERMS_TEXT}
${o.action}: {{ link }}`,
    html: `<p>Hello {{ name }},</p>
<p>${o.lead}</p>
<p><strong>Addendum {{ addendum_number }}: {{ addendum_title }}</strong></p>
${TERMS_HTML}
<p><a href="{{ link }}">${o.action}</a></p>`,
  });
}

export const ADDENDUM_READY_MAIL = addendumMail({
  key: "agreement-addendum-ready",
  description: "Sent to the buyer and the seller when an administrator writes an addendum to their sealed agreement.",
  subject: "Addendum {{ addendum_number }} to agreement {{ agreement_number }} is ready to sign",
  lead: "A correction to the sealed purchase agreement for the {{ resort }} contract {{ listing_code }} is ready: addendum {{ addendum_number }}. Please read it, initial it and sign it as you signed the agreement. It takes effect once both of you have signed.",
  action: "Read and sign the addendum",
});

export const ADDENDUM_SEALED_MAIL = addendumMail({
  key: "agreement-addendum-sealed",
  description: "Sent to both parties when both have signed an addendum: it is sealed as its own PDF.",
  subject: "Addendum {{ addendum_number }} to agreement {{ agreement_number }} is signed and sealed",
  lead: "Both of you have signed addendum {{ addendum_number }} to the purchase agreement for the {{ resort }} contract {{ listing_code }}. It is sealed: keep the PDF with your contract. Anyone can check a copy at /verify.",
  action: "Download the sealed addendum (PDF)",
});

export const ADDENDUM_WITHDRAWN_MAIL = addendumMail({
  key: "agreement-addendum-withdrawn",
  description: "Sent to both parties when an administrator withdraws an addendum before both have signed it.",
  subject: "Addendum {{ addendum_number }} to agreement {{ agreement_number }} was withdrawn",
  lead: "Addendum {{ addendum_number }} to the purchase agreement for the {{ resort }} contract {{ listing_code }} was withdrawn before both of you signed it; it does not change the agreement. Reason: {{ reason }}.",
  action: "See the agreement",
});

export const ADDENDUM_TEMPLATES = [ADDENDUM_READY_MAIL, ADDENDUM_SEALED_MAIL, ADDENDUM_WITHDRAWN_MAIL];
