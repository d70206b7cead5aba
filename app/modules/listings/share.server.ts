import { href } from "react-router";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { SHARE_LISTING_MAIL } from "./listings.templates";
import { AppError } from "~/lib/errors";
import { formatNumber, formatPerPoint, formatPrice, useMonthName as monthName } from "~/lib/format";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import { SHAREABLE_PATH, SHARE_MESSAGES } from "./share";
import { type ShareableListing, selectShareableListing } from "./share.queries.server";
import { ShareSchema } from "./share.schema";
import { isDbId } from "~/lib/fields";

/** Shares per visitor (client address) in one window. */
export const SHARE_RATE_LIMIT = { max: 5, windowSeconds: 3600 } as const;

type Deps = Pick<Services, "db" | "mailer">;

/**
 * Mails a friend a link to a listing of this site with the sender's name and message (SPEC "Share with a
 * Friend"). The listing's facts (resort, points, use year, price per point, total) are read from the database,
 * never taken from the request. Limited to SHARE_RATE_LIMIT per visitor address.
 *
 * @param actor.address  the visitor's address (clientAddress), the rate limit's key
 * @param siteOrigins    origins listing_url may name; a relative path is read against the first
 * @param publicUrl      the site's public origin, for the link in the mail
 */
export async function shareListing(
  deps: Deps,
  args: { actor: { address: string }; input: unknown; siteOrigins: string[]; publicUrl: string },
): Promise<{ mailId: number }> {
  const parsed = ShareSchema.safeParse(args.input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    let missing = false;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fields[key] = [...(fields[key] ?? []), issue.message];
      if (issue.code === "invalid_type" || (issue.code === "too_small" && issue.minimum === 1)) missing = true;
    }
    const first = parsed.error.issues[0]?.message ?? SHARE_MESSAGES.required;
    throw new AppError("BAD_INPUT", missing ? SHARE_MESSAGES.required : first, fields);
  }
  const input = parsed.data;
  const target = resolveListingPath(input.listing_url, args.siteOrigins);

  const listing = await selectShareableListing(deps.db, target.id);
  if (!listing || (target.kind === "broker-listings" && listing.source !== "broker")) {
    throw new AppError("NOT_FOUND", "This listing is no longer for sale, so it cannot be shared.", {
      listing_url: ["This listing is no longer for sale."],
    });
  }

  const limit = await hitRateLimit(
    deps.db,
    `share:${args.actor.address}`,
    SHARE_RATE_LIMIT.max,
    SHARE_RATE_LIMIT.windowSeconds,
  );
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    throw new AppError("RATE_LIMITED", `Too many shares: try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }

  const id = String(listing.id);
  const path =
    target.kind === "broker-listings" ? href("/broker-listings/:id", { id }) : href("/listing-info/:id", { id });
  const link = `${new URL(args.publicUrl).origin}${path}`;
  const mailId = await sendTemplatedMail(
    { ...deps, siteUrl: new URL(args.publicUrl).origin },
    {
      template: SHARE_LISTING_MAIL,
      to: input.email,
      vars: { name: input.name, message: input.message, resort: listing.resortName, facts: shareFacts(listing), link },
    },
  );
  return { mailId };
}

/**
 * listing_url must name a listing page of this site: an absolute URL on one of its origins, or a path
 * starting with a single slash, of the form /listing-info/{id} or /broker-listings/{id}.
 */
function resolveListingPath(value: string, origins: string[]) {
  const refuse = (): never => {
    throw new AppError("BAD_INPUT", "Only a listing page of this site can be shared.", {
      listing_url: ["Only a listing page of this site can be shared."],
    });
  };
  let url: URL;
  try {
    url = new URL(value, origins[0]);
  } catch {
    return refuse();
  }
  if (!origins.includes(url.origin)) return refuse();
  const match = SHAREABLE_PATH.exec(url.pathname);
  if (!match) return refuse();
  const id = Number(match[2]);
  if (!isDbId(id)) return refuse();
  return { kind: match[1] as "listing-info" | "broker-listings", id };
}

/** The listing's facts in the share mail, from the database (never from what the visitor sent). */
function shareFacts(l: ShareableListing) {
  const totalCents = l.contractPoints * l.pricePerPointCents;
  return [
    { label: "Resort", value: `${l.resortName} (${l.resortCode})` },
    { label: "Listing", value: l.listingCode + (l.brokerName ? `, listed by ${l.brokerName}` : "") },
    { label: "Contract points", value: formatNumber(l.contractPoints) },
    { label: "Use year", value: monthName(l.useMonth, true) },
    { label: "Price per point", value: formatPerPoint(l.pricePerPointCents) },
    { label: "Total price", value: formatPrice(totalCents) },
    {
      label: "Points available",
      value: `${formatNumber(l.prevYearPoints)} previous, ${formatNumber(l.currYearPoints)} current, ${formatNumber(l.nextYearPoints)} next use year`,
    },
  ];
}
