import type { TemplateDef } from "~/lib/templates.server";
import { ACCOUNT_TEMPLATES, SIGN_IN_ATTEMPTS_MAIL } from "~/modules/accounts/accounts.templates";
import { ADDENDUM_TEMPLATES, AGREEMENT_TEMPLATES } from "~/modules/agreements/agreements.templates";
import { CONTACT_TEMPLATES } from "~/modules/contact/contact.templates";
import { CONTRACT_SECTIONS } from "~/modules/contracts/contracts.templates";
import { LISTING_TEMPLATES } from "~/modules/listings/listings.templates";
import { OFFER_TEMPLATES } from "~/modules/offers/offers.templates";
import { REMINDER_TEMPLATES } from "~/modules/reminders/reminders.templates";
import { SPECIAL_REQUEST_MATCH_MAIL } from "~/modules/special-requests/special-requests.templates";
import { VOICES_TEMPLATES } from "~/modules/voices/voices.templates";

/**
 * Every template the product sends or prints, one list (decision 0069): `message-templates.catalogue.test.ts` fails
 * when a module declares a template that is not here. The mail and SMS ones are edited at /admin/email-templates;
 * the contract's sections at /admin/contract-sections.
 */
export const MESSAGE_TEMPLATES: readonly TemplateDef[] = [
  ...ACCOUNT_TEMPLATES,
  SIGN_IN_ATTEMPTS_MAIL,
  ...LISTING_TEMPLATES,
  ...CONTACT_TEMPLATES, // Issue 32: the contact form on /contact-us
  ...OFFER_TEMPLATES,
  ...AGREEMENT_TEMPLATES,
  ...ADDENDUM_TEMPLATES,
  SPECIAL_REQUEST_MATCH_MAIL,
  ...CONTRACT_SECTIONS,
  ...VOICES_TEMPLATES, // Issue 32: the newsletter's confirmation
  ...REMINDER_TEMPLATES, // Issue 33: the banking reminder
];

/** The mails and text messages, as /admin/email-templates lists them. */
export const MAIL_AND_SMS_TEMPLATES = MESSAGE_TEMPLATES.filter((t) => t.kind === "mail" || t.kind === "sms");

/** The template of a key, or undefined. */
export function templateByKey(key: string): TemplateDef | undefined {
  return MESSAGE_TEMPLATES.find((t) => t.key === key);
}

/** The variables every template has without declaring them (`sendTemplatedMail` supplies them). */
export const SITE_VARIABLES = ["site", "site_url"] as const;
