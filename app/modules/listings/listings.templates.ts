import { defineTemplate } from "~/lib/templates.server";

/** The mails about listings (decision 0025): code defaults an administrator may override. */

const FACTS_TEXT = "{% for f in facts %}{{ f.label }}: {{ f.value }}\n{% endfor %}";
const FACTS_HTML =
  '<table cellpadding="4" style="border-collapse:collapse">{% for f in facts %}<tr><th align="left">{{ f.label }}</th><td>{{ f.value }}</td></tr>{% endfor %}</table>';

/** The listing facts of the editor's preview and test mails (decision 0069). */
const FACTS_SAMPLE = [
  { label: "Resort", value: "Bay Lake Tower" },
  { label: "Points", value: "160" },
  { label: "Price", value: "$150/pt" },
];

export const SHARE_LISTING_MAIL = defineTemplate({
  key: "share-listing",
  kind: "mail",
  description: "Sent to the friend a visitor shares a listing with (Share with a friend).",
  variables: {
    site: "The site's name",
    name: "The sender's name as typed",
    message: "The sender's message as typed",
    resort: "The listing's resort",
    facts: "The listing's facts: a list of { label, value }",
    link: "The listing page's address",
  },
  sample: {
    name: "Sam",
    message: "This one has our December use year. Worth a look?",
    resort: "Bay Lake Tower",
    facts: FACTS_SAMPLE,
    link: "https://www.example.com/listing-info/1042",
  },
  subject: "{{ name }} shared a {{ resort }} resale listing with you",
  text: `Hello,

{{ name }} found this Disney Vacation Club resale listing on {{ site }} and wanted you to see it.

Their message:
{{ message }}

${FACTS_TEXT}
See the listing: {{ link }}

You received this email because {{ name }} entered your address on {{ site }}. We have not added you to any mailing list.`,
  html: `<p>Hello,</p>
<p>{{ name }} found this Disney Vacation Club resale listing on {{ site }} and wanted you to see it.</p>
<p>Their message:</p><blockquote style="white-space:pre-line;margin:0 0 1em;padding-left:12px;border-left:3px solid #0369a1">{{ message }}</blockquote>
${FACTS_HTML}
<p><a href="{{ link }}">See the listing on {{ site }}</a></p>
<p style="color:#475569;font-size:12px">You received this email because {{ name }} entered your address on {{ site }}. We have not added you to any mailing list.</p>`,
});

export const LISTING_QUESTION_MAIL = defineTemplate({
  key: "contact-listing-question",
  kind: "mail",
  description: "Sent to the site's address when a visitor asks about a listing.",
  variables: {
    site: "The site's name",
    name: "The visitor's name",
    listing_title: "The listing's title",
    listing_code: "The listing's code",
    link: "The listing page's address",
    sender: "Who asked: a list of { label, value }",
    message: "The question as typed",
    facts: "The listing's facts: a list of { label, value }",
  },
  sample: {
    name: "Alex Morgan",
    listing_title: "Bay Lake Tower, 160 points",
    listing_code: "L-1042",
    link: "https://www.example.com/listing-info/1042",
    sender: [
      { label: "Email", value: "alex.morgan@example.com" },
      { label: "Phone", value: "(407) 555-0123" },
    ],
    message: "Are the 2025 points still banked?",
    facts: FACTS_SAMPLE,
  },
  subject: "Question about listing {{ listing_code }}",
  text: `{{ name }} asked about {{ listing_title }}.

{% for f in sender %}{{ f.label }}: {{ f.value }}
{% endfor %}
Message:
{{ message }}

The listing:
${FACTS_TEXT}`,
  html: `<p>{{ name }} asked about <a href="{{ link }}">{{ listing_title }}</a>.</p>
<table>{% for f in sender %}<tr><th align="left">{{ f.label }}</th><td>{{ f.value }}</td></tr>{% endfor %}</table>
<h2>Message</h2><p style="white-space:pre-wrap">{{ message }}</p>
<h2>The listing</h2>${FACTS_HTML}`,
});

export const LISTING_TEMPLATES = [SHARE_LISTING_MAIL, LISTING_QUESTION_MAIL];
