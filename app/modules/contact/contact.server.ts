import { href } from "react-router";
import { LISTING_QUESTION_MAIL } from "~/modules/listings/listings.templates";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { formatNumber, formatPerPoint, formatPrice } from "~/lib/format";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import { getListingForQuestion } from "~/modules/listings/detail.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { CONTACT_MESSAGES, LISTING_QUESTION_RATE, type ListingQuestion, ListingQuestionSchema } from "./contact.schema";
import { insertContactMessage, setContactMessageMail } from "./contact.queries.server";

type Deps = Pick<Services, "db" | "mailer"> & { config: Pick<Services["config"], "authUrl"> };

function parseQuestion(input: unknown): ListingQuestion {
  const parsed = ListingQuestionSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw new AppError("BAD_INPUT", "Please correct the highlighted fields.", fields);
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
  const value = parseQuestion(args.input.values);
  const listing = await getListingForQuestion(deps, { input: { id: args.input.listingId, source: args.input.source } });
  const limit = await hitRateLimit(
    deps.db,
    `listing-question:${args.input.clientKey}`,
    LISTING_QUESTION_RATE.limit,
    LISTING_QUESTION_RATE.windowSeconds,
  );
  if (!limit.allowed) throw new AppError("RATE_LIMITED", CONTACT_MESSAGES.rateLimited);

  const subject = `Question about listing ${listing.listingCode}`;
  const row = await insertContactMessage(deps.db, {
    name: value.name,
    email: value.email,
    phone: value.phone ?? null,
    subject,
    message: value.message,
    listingId: listing.id,
    userId: args.actor?.id ?? null,
  });

  const site = await getSiteInfo(deps.db);
  if (!site.email) {
    logger.warn({ contactMessageId: row.id }, "no site email on record: listing question stored but not mailed");
    return { id: row.id, mailId: null };
  }
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
  const sender: [string, string][] = [
    ["Name", value.name],
    ["Email", value.email],
    ["Phone", value.phone ?? "not given"],
    ["Signed in", args.actor ? `yes (${args.actor.email})` : "no"],
  ];
  const pairs = (list: [string, string][]) => list.map(([label, v]) => ({ label, value: v }));
  const mailId = await sendTemplatedMail(
    { ...deps, siteUrl: deps.config.authUrl },
    {
      template: LISTING_QUESTION_MAIL,
      to: site.email,
      vars: {
        name: value.name,
        listing_title: listing.title,
        listing_code: listing.listingCode,
        link,
        sender: pairs(sender),
        message: value.message,
        facts: pairs(facts),
      },
    },
  );
  await setContactMessageMail(deps.db, row.id, mailId);
  return { id: row.id, mailId };
}
