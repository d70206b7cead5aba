import { defineTemplate } from "~/lib/templates.server";

/** Issue 33 (decision 0089): the banking reminder, mailed and texted to sellers. Code defaults an administrator may override. */

export const BANKING_REMINDER_MAIL = defineTemplate({
  key: "banking-reminder",
  kind: "mail",
  description:
    "Sent to a seller before their listing's use year's banking deadline (the Banking reminder cron job in Tweaks).",
  variables: {
    site: "The site's name",
    name: "The seller's name",
    resort: "The listing's resort",
    listing_code: "The listing's code",
    points: "The current use year's points that could be banked, as a number (160)",
    use_year: "The use year: December 2026",
    deadline: "The last day to bank them: July 31, 2027",
    days_left: "How far the deadline is: 30 days from today, or today",
    link: "The listing page's address",
  },
  sample: {
    name: "Alex Morgan",
    resort: "Bay Lake Tower",
    listing_code: "L-1042",
    points: "160",
    use_year: "December 2026",
    deadline: "July 31, 2027",
    days_left: "30 days from today",
    link: "https://www.example.com/listing-info/1042",
  },
  subject: "Bank your {{ points }} {{ resort }} points by {{ deadline }}",
  text: `Hello {{ name }},

The banking deadline of your {{ use_year }} use year is {{ deadline }} ({{ days_left }}). Your listing {{ listing_code }} ({{ resort }}) states {{ points }} current use-year points: points not used or banked by then can no longer be banked, and expire at the end of the use year.

To bank them, ask the Disney Vacation Club member services before the deadline. If you bank them, please update your listing so buyers see the right points.

Your listing: {{ link }}`,
  html: `<p>Hello {{ name }},</p>
<p>The banking deadline of your {{ use_year }} use year is <strong>{{ deadline }}</strong> ({{ days_left }}). Your listing {{ listing_code }} ({{ resort }}) states <strong>{{ points }} current use-year points</strong>: points not used or banked by then can no longer be banked, and expire at the end of the use year.</p>
<p>To bank them, ask the Disney Vacation Club member services before the deadline. If you bank them, please update your listing so buyers see the right points.</p>
<p><a href="{{ link }}">See your listing on {{ site }}</a></p>`,
});

export const BANKING_REMINDER_SMS = defineTemplate({
  key: "banking-reminder-sms",
  kind: "sms",
  description: "The text message of the banking reminder, sent with the mail to sellers who turned SMS on.",
  variables: {
    site: "The site's name",
    points: "The current use year's points that could be banked",
    resort: "The listing's resort",
    deadline: "The last day to bank them",
    listing_code: "The listing's code",
  },
  sample: { points: "160", resort: "Bay Lake Tower", deadline: "July 31, 2027", listing_code: "L-1042" },
  text: "{{ site }}: bank your {{ points }} {{ resort }} points (listing {{ listing_code }}) by {{ deadline }}, or they can no longer be banked.",
});

export const REMINDER_TEMPLATES = [BANKING_REMINDER_MAIL, BANKING_REMINDER_SMS];
