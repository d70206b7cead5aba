import { defineTemplate } from "~/lib/templates.server";

/** Issue 32: the newsletter's double opt-in mail (decision 0081). */
export const NEWSLETTER_CONFIRM_MAIL = defineTemplate({
  key: "newsletter-confirm",
  kind: "mail",
  description: "Sent when someone signs up for the newsletter in the footer: the link confirms the subscription.",
  variables: {
    site: "The site's name",
    confirm_link: "The link that confirms the subscription (valid 7 days)",
    unsubscribe_link: "The one-click link that ends the subscription",
  },
  sample: {
    confirm_link: "https://www.example.com/newsletter/confirm?token=sample",
    unsubscribe_link: "https://www.example.com/newsletter/unsubscribe?token=sample",
  },
  subject: "{{ site }}: confirm your newsletter subscription",
  text: "Someone, probably you, asked to receive the {{ site }} newsletter at this address: new resale listings, price trends and guides to buying and selling Disney Vacation Club points.\n\nTo confirm, open this link within 7 days:\n{{ confirm_link }}\n\nIf you did not ask for this, ignore this message: you will get nothing more from us.\n\nTo stop at any time: {{ unsubscribe_link }}",
  html: '<p>Someone, probably you, asked to receive the {{ site }} newsletter at this address: new resale listings, price trends and guides to buying and selling Disney Vacation Club points.</p><p><a href="{{ confirm_link }}">Confirm my subscription</a> (the link works for 7 days).</p><p>If you did not ask for this, ignore this message: you will get nothing more from us.</p><p><a href="{{ unsubscribe_link }}">Unsubscribe</a></p>',
});

export const VOICES_TEMPLATES = [NEWSLETTER_CONFIRM_MAIL];
