import { href } from "react-router";
import type { z } from "zod";
import { LISTING_QUESTION_MAIL } from "~/modules/listings/listings.templates";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { fromForm } from "~/lib/fields";
import { formatNumber, formatPerPoint, formatPrice } from "~/lib/format";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import type { TemplateDef } from "~/lib/templates.server";
import { getListingForQuestion } from "~/modules/listings/detail.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
import {
  CONTACT_FORM_MESSAGES,
  CONTACT_FORM_RATE,
  CONTACT_MESSAGES,
  CONTACT_TOPICS,
  ContactFormSchema,
  LISTING_QUESTION_RATE,
  type ListingQuestion,
  ListingQuestionSchema,
} from "./contact.schema";
import { CONTACT_FORM_MAIL } from "./contact.templates";
import { insertContactMessage, setContactMessageMail } from "./contact.queries.server";

type Deps = Pick<Services, "db" | "mailer"> & { config: Pick<Services["config"], "authUrl"> };

/** A contact form's fields, or BAD_INPUT naming each field's problem (nothing written). */
export function parseContactFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw new AppError("BAD_INPUT", "Please correct the highlighted fields.", fields);
}

/** Counts one more message from a client under `key` (`prefix:address`); RATE_LIMITED with `message` past the allowance. */
export async function spendContactAllowance(
  db: Deps["db"],
  key: string,
  rate: { limit: number; windowSeconds: number },
  message: string,
) {
  const limit = await hitRateLimit(db, key, rate.limit, rate.windowSeconds);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", message);
}

const pairs = (list: [string, string][]) => list.map(([label, v]) => ({ label, value: v }));

/**
 * Keeps a visitor's message as a contact message (the admin's /admin/contact-messages) and mails it to the site's
 * address with `template` (its variables: `vars` plus name, sender and message). The row is the record; the mail is
 * written to the outbox right after and linked through `mail_id` (the outbox shares no transaction with it, see
 * docs/decisions/0008-listing-detail.md). Without a site email on record the message is kept and not mailed.
 */
async function keepAndMail(
  deps: Deps,
  args: {
    actor: Viewer | null;
    value: ListingQuestion;
    subject: string;
    listingId: number | null;
    template: TemplateDef;
    vars: Record<string, unknown>;
  },
) {
  const { value, actor } = args;
  const row = await insertContactMessage(deps.db, {
    name: value.name,
    email: value.email,
    phone: value.phone ?? null,
    subject: args.subject,
    message: value.message,
    listingId: args.listingId,
    userId: actor?.id ?? null,
  });
  const site = await getSiteInfo(deps.db);
  if (!site.email) {
    logger.warn({ contactMessageId: row.id }, "no site email on record: contact message stored but not mailed");
    return { id: row.id, mailId: null };
  }
  const sender: [string, string][] = [
    ["Name", value.name],
    ["Email", value.email],
    ["Phone", value.phone ?? "not given"],
    ["Signed in", actor ? `yes (${actor.email})` : "no"],
  ];
  const mailId = await sendTemplatedMail(
    { ...deps, siteUrl: deps.config.authUrl },
    {
      template: args.template,
      to: site.email,
      vars: { ...args.vars, name: value.name, sender: pairs(sender), message: value.message },
    },
  );
  await setContactMessageMail(deps.db, row.id, mailId);
  return { id: row.id, mailId };
}

/**
 * "Ask about this listing": stores a contact message about a public listing (for the admin's contact messages)
 * and mails it, with the listing's facts and link, to the site's address. Checked in this order: the fields
 * (BAD_INPUT, nothing written), the listing (NOT_FOUND unless public), the sender's hourly allowance
 * (RATE_LIMITED). The message row is the record; the mail is written to the outbox right after and linked
 * through `mail_id` (the outbox shares no transaction with it, see docs/decisions/0008-listing-detail.md).
 */
export async function sendListingQuestion(
  deps: Deps,
  args: { actor: Viewer | null; input: { listingId: unknown; source?: "broker"; values: unknown; clientKey: string } },
) {
  const value = parseContactFields(ListingQuestionSchema, args.input.values);
  const listing = await getListingForQuestion(deps, { input: { id: args.input.listingId, source: args.input.source } });
  await spendContactAllowance(
    deps.db,
    `listing-question:${args.input.clientKey}`,
    LISTING_QUESTION_RATE,
    CONTACT_MESSAGES.rateLimited,
  );
  const link = new URL(href("/listing-info/:id", { id: String(listing.id) }), deps.config.authUrl).toString();
  const facts: [string, string][] = [
    ["Listing", listing.listingCode],
    ["Resort", listing.resortName],
    ["Use year", listing.useMonthFull],
    ["Contract points", formatNumber(listing.contractPoints)],
    ["Price per point", formatPerPoint(listing.pricePerPointCents)],
    ["Total", formatPrice(listing.totalCents)],
    ...(listing.broker ? ([["Broker", listing.broker]] as [string, string][]) : []),
    ["Link", link],
  ];
  return keepAndMail(deps, {
    actor: args.actor,
    value,
    subject: `Question about listing ${listing.listingCode}`,
    listingId: listing.id,
    template: LISTING_QUESTION_MAIL,
    vars: { listing_title: listing.title, listing_code: listing.listingCode, link, facts: pairs(facts) },
  });
}

/**
 * The general contact form (issue 32, the `contact-form` embed on /contact-us): stores a contact message with no
 * listing, its subject naming the topic ("Contact form: Selling"), and mails it to the site's address. Checked in
 * this order: the fields (BAD_INPUT, nothing written), the sender's hourly allowance, its own counter
 * (RATE_LIMITED, nothing written).
 */
export async function sendContactMessage(
  deps: Deps,
  args: { actor: Viewer | null; input: { values: unknown; clientKey: string } },
) {
  // A call's body is read as a form is: an empty field is a field not given (no phone), whichever way it came.
  const value = parseContactFields(fromForm(ContactFormSchema), args.input.values);
  await spendContactAllowance(
    deps.db,
    `contact-form:${args.input.clientKey}`,
    CONTACT_FORM_RATE,
    CONTACT_FORM_MESSAGES.rateLimited,
  );
  const topic = CONTACT_TOPICS.find((t) => t.value === value.topic)?.label ?? value.topic;
  return keepAndMail(deps, {
    actor: args.actor,
    value,
    subject: `Contact form: ${topic}`,
    listingId: null,
    template: CONTACT_FORM_MAIL,
    vars: { topic },
  });
}
