import { defineTemplate } from "~/lib/templates.server";

/** The mails of special requests (decision 0025): code defaults an administrator may override. */

export const SPECIAL_REQUEST_MATCH_MAIL = defineTemplate({
  key: "special-request-match",
  kind: "mail",
  description: "Sent to a buyer when a listing that meets one of their special requests goes live or changes price.",
  variables: {
    site: "The site's name",
    name: "The buyer's name",
    reason: "Why now: “was just listed” or “has a new price”",
    resort: "The listing's resort",
    facts: "The listing's facts: a list of { label, value }",
    link: "The listing page's address",
    request_link: "The address of the buyer's request",
  },
  sample: {
    name: "Jordan",
    reason: "was just listed",
    resort: "Bay Lake Tower",
    facts: [
      { label: "Points", value: "160" },
      { label: "Use year", value: "December" },
      { label: "Price", value: "$150/pt" },
    ],
    link: "https://www.example.com/listing-info/1042",
    request_link: "https://www.example.com/special-requests/7",
  },
  subject: "A {{ resort }} contract that meets your request {{ reason }}",
  text: `Hello {{ name }},

A {{ resort }} contract that meets your special request {{ reason }} on {{ site }}.

{% for f in facts %}{{ f.label }}: {{ f.value }}
{% endfor %}
See the listing: {{ link }}

Your request and every listing that meets it: {{ request_link }}
You receive this email because you filed a special request. Close the request on that page to stop these emails.`,
  html: `<p>Hello {{ name }},</p>
<p>A {{ resort }} contract that meets your special request {{ reason }} on {{ site }}.</p>
<table cellpadding="4" style="border-collapse:collapse">{% for f in facts %}<tr><th align="left">{{ f.label }}</th><td>{{ f.value }}</td></tr>{% endfor %}</table>
<p><a href="{{ link }}">See the listing</a></p>
<p style="color:#475569;font-size:12px">You receive this email because you filed a special request. <a href="{{ request_link }}">Close the request</a> to stop these emails.</p>`,
});
