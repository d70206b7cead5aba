import { defineTemplate } from "~/lib/templates.server";

/** The mails of the contact forms (decision 0025): code defaults an administrator may override. */

export const CONTACT_FORM_MAIL = defineTemplate({
  key: "contact-form",
  kind: "mail",
  description: "Sent to the site's address when a visitor writes with the contact form (/contact-us).",
  variables: {
    site: "The site's name",
    name: "The visitor's name",
    topic: "What the message is about, as chosen: Buying, Selling, A sale in progress, Rentals or Something else",
    sender: "Who wrote: a list of { label, value }",
    message: "The message as typed",
  },
  sample: {
    name: "Alex Morgan",
    topic: "Selling",
    sender: [{ label: "Email", value: "alex.morgan@example.com" }],
    message: "We own 150 points at Bay Lake Tower and are thinking of selling. What would they fetch?",
  },
  subject: "Contact form: {{ topic }}, from {{ name }}",
  text: `{{ name }} wrote with the contact form about: {{ topic }}.

{% for f in sender %}{{ f.label }}: {{ f.value }}
{% endfor %}
Message:
{{ message }}`,
  html: `<p>{{ name }} wrote with the contact form about: <strong>{{ topic }}</strong>.</p>
<table>{% for f in sender %}<tr><th align="left">{{ f.label }}</th><td>{{ f.value }}</td></tr>{% endfor %}</table>
<h2>Message</h2><p style="white-space:pre-wrap">{{ message }}</p>`,
});

export const CONTACT_TEMPLATES = [CONTACT_FORM_MAIL];
