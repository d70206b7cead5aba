import { href } from "react-router";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { formatPerPoint, formatPrice, useMonthName as monthName } from "~/lib/format";
import type { Mailer } from "~/lib/mail.server";
import type { SmsSender } from "~/lib/sms.server";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { listingHref } from "~/modules/listings/listing-href";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { notifyUser } from "~/modules/notifications/user-notifications.server";
import {
  CLOSE_REASONS,
  CloseRequestSchema,
  SPECIAL_REQUEST_LIMITS,
  SpecialRequestSchema,
} from "./special-requests.schema";
import {
  countOpenRequests,
  deleteMatch,
  insertMatchOnce,
  insertSpecialRequest,
  type SpecialRequestRow,
  selectAnnounced,
  selectBuyerRequests,
  selectListingForMatching,
  selectListingsMeeting,
  selectOpenRequestsMetBy,
  selectRequest,
  selectResortChoices,
  selectResortNames,
} from "./special-requests.queries.server";
import { SPECIAL_REQUEST_MATCH_MAIL } from "./special-requests.templates";
import { specialRequestWorkflow } from "./special-request.workflow";
import { transitionIn } from "~/lib/workflow.server";
import { parseOrThrow } from "~/lib/action.server";
import { readUrl } from "~/lib/facets/facets";
import { LISTING_LIMITS } from "~/modules/listings/inventory.schema";
import { RESALE_SEARCH } from "~/modules/listings/listings-url";
import { toDbId } from "~/lib/fields";
import { getOfferedUseMonths } from "~/modules/settings/tweaks.server";

type Deps = Pick<Services, "db">;

/** Buyers file requests (SPEC: Special Requests are buyers only); administrators see and close any. */
const isAdmin = (actor: Viewer) => defineAbilityFor(actor).can("manage", "all");

/** A buyer's own account (staff are buyers by account role but have no buyer profile; an impersonated buyer counts). */
export const filesRequests = (actor: Viewer) =>
  actor.role === "buyer" &&
  (!actor.staffRole || !!actor.impersonatedBy) &&
  defineAbilityFor(actor).can("create", "SpecialRequest");

function requireBuyer(actor: Viewer) {
  if (!filesRequests(actor)) {
    throw new AppError("FORBIDDEN", "Special requests are for buyers. Sign in with a buyer account to file one.");
  }
}

/** The resorts and use-year months a request form offers (the months of /admin/tweaks "Years"). */
export async function specialRequestFormChoices(deps: Deps) {
  return { resorts: await selectResortChoices(deps.db), useMonths: await getOfferedUseMonths(deps.db) };
}

/** Files a request: checked, one insert and its journal entry in one transaction. */
export async function createSpecialRequest(deps: Deps, args: { actor: Viewer; input: unknown }) {
  requireBuyer(args.actor);
  const v = parseOrThrow(SpecialRequestSchema, args.input);
  if (v.needed_by && v.needed_by < new Date().toISOString().slice(0, 10)) {
    throw new AppError("BAD_INPUT", "The date you need it by cannot be in the past.", {
      needed_by: ["The date you need it by cannot be in the past."],
    });
  }
  const offered = await getOfferedUseMonths(deps.db);
  if (!v.use_months.every((m) => offered.includes(m))) {
    const message = "Choose use-year months from the list.";
    throw new AppError("BAD_INPUT", message, { use_months: [message] });
  }
  return deps.db.transaction(async (tx) => {
    const known = await selectResortNames(tx, [...new Set(v.resorts)]);
    if (known.length !== new Set(v.resorts).size) {
      throw new AppError("BAD_INPUT", "Choose resorts from the list.", { resorts: ["Choose resorts from the list."] });
    }
    if ((await countOpenRequests(tx, args.actor.id)) >= SPECIAL_REQUEST_LIMITS.openPerBuyer) {
      throw new AppError(
        "CONFLICT",
        `You have ${SPECIAL_REQUEST_LIMITS.openPerBuyer} open requests, the most at once. Close one you no longer need first.`,
      );
    }
    const row = await insertSpecialRequest(tx, {
      buyerId: args.actor.id,
      resortIds: [...new Set(v.resorts)],
      useMonths: [...new Set(v.use_months)],
      minPoints: v.min_points ?? null,
      maxPoints: v.max_points ?? null,
      maxPricePerPointCents: v.max_price_per_point ?? null,
      budgetCents: v.budget ?? null,
      neededBy: v.needed_by ?? null,
      notes: v.notes,
    });
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "special-request.create",
      facts: { id: row.id },
      data: { requestId: row.id },
    });
    return row;
  });
}

/**
 * "Alert me about new matches" on /listings: the search's query string as a special request. What a request can
 * watch is carried over (the resort, the points range, the most per point, the most in total as the budget, the
 * use-year months); the score, point percentage and broker filters are not criteria of a request and are left out.
 */
export async function createRequestFromSearch(deps: Deps, args: { actor: Viewer; input: { query: string } }) {
  const { state } = readUrl(RESALE_SEARCH, new URLSearchParams(args.input.query));
  const input: Record<string, unknown> = {};
  if (state.resort !== null) {
    const resort = (await selectResortChoices(deps.db)).find(
      (r) => r.code.toLowerCase() === String(state.resort).toLowerCase() || String(r.id) === String(state.resort),
    );
    if (resort) input.resorts = [String(resort.id)];
  }
  const within = (n: number | null | undefined, min: number, max: number) =>
    n !== null && n !== undefined && n >= min && n <= max ? String(n) : undefined;
  input.min_points = within(state.points?.min, LISTING_LIMITS.contractPointsMin, LISTING_LIMITS.contractPointsMax);
  input.max_points = within(state.points?.max, LISTING_LIMITS.contractPointsMin, LISTING_LIMITS.contractPointsMax);
  input.max_price_per_point = within(
    state.pricePerPoint?.max,
    SPECIAL_REQUEST_LIMITS.priceMin,
    SPECIAL_REQUEST_LIMITS.priceMax,
  );
  input.budget = within(state.price?.max, 1000, SPECIAL_REQUEST_LIMITS.budgetMaxCents / 100);
  const offered = await getOfferedUseMonths(deps.db);
  input.use_months = state.useYears.filter((m) => offered.includes(Number(m))).map(String);
  const named = Object.entries(input).some(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== undefined));
  if (!named) {
    throw new AppError(
      "BAD_INPUT",
      "Choose a resort, points, a use year or a price in the filters first: that is what we watch for you.",
    );
  }
  input.notes = "Filed from a listings search.";
  return createSpecialRequest(deps, { actor: args.actor, input });
}

/** What a request asks for, in words ("Bay Lake Tower or Riviera; 150 to 200 points; at most $160.00 a point"). */
export function describeCriteria(r: SpecialRequestRow, resortNames: string[]) {
  const parts: string[] = [];
  parts.push(resortNames.length ? resortNames.join(" or ") : "Any resort");
  if (r.minPoints !== null && r.maxPoints !== null) parts.push(`${r.minPoints} to ${r.maxPoints} points`);
  else if (r.minPoints !== null) parts.push(`at least ${r.minPoints} points`);
  else if (r.maxPoints !== null) parts.push(`at most ${r.maxPoints} points`);
  if (r.useMonths.length) parts.push(`${r.useMonths.map((m) => monthName(m, true)).join(", ")} use year`);
  if (r.maxPricePerPointCents !== null) parts.push(`at most ${formatPerPoint(r.maxPricePerPointCents)}`);
  if (r.budgetCents !== null) parts.push(`a budget of ${formatPrice(r.budgetCents)}`);
  return parts.join("; ");
}

async function namesOf(db: Db, ids: number[]) {
  const rows = await selectResortNames(db, ids);
  return rows.map((r) => r.name);
}

function view(r: SpecialRequestRow, resortNames: string[]) {
  return {
    id: r.id,
    status: r.status,
    criteria: describeCriteria(r, resortNames),
    resortNames,
    minPoints: r.minPoints,
    maxPoints: r.maxPoints,
    useMonths: r.useMonths.map((m) => monthName(m, true)),
    maxPricePerPointCents: r.maxPricePerPointCents,
    budgetCents: r.budgetCents,
    neededBy: r.neededBy,
    notes: r.notes,
    closedReason: r.closedReason,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt ? r.closedAt.toISOString() : null,
  };
}

/** /my-special-requests: the buyer's own requests, open first. */
export async function listMySpecialRequests(deps: Deps, args: { actor: Viewer }) {
  requireBuyer(args.actor);
  const rows = await selectBuyerRequests(deps.db, args.actor.id);
  const out = [];
  for (const { request, matches } of rows) {
    out.push({ ...view(request, await namesOf(deps.db, request.resortIds)), announced: matches });
  }
  return out;
}

/**
 * One request with the listings that meet it now and those announced so far: its buyer's, or any for an
 * administrator; anyone else gets the same 404 as for a request that does not exist.
 */
export async function getSpecialRequest(deps: Deps, args: { actor: Viewer; input: { id: unknown } }) {
  const id = toDbId(args.input.id);
  const found = id === null ? null : await selectRequest(deps.db, id);
  if (!found || (found.request.buyerId !== args.actor.id && !isAdmin(args.actor))) {
    throw new AppError("NOT_FOUND", "There is no such special request.");
  }
  const r = found.request;
  const meetingNow = r.status === "open" ? await selectListingsMeeting(deps.db, r, 12) : [];
  const announced = await selectAnnounced(deps.db, r.id);
  return {
    ...view(r, await namesOf(deps.db, r.resortIds)),
    buyer: isAdmin(args.actor) ? { name: found.buyerName, email: found.buyerEmail } : null,
    meetingNow: meetingNow.map((l) => ({
      id: l.id,
      code: l.listingCode,
      href: listingHref(l),
      resort: l.resortName,
      useYear: monthName(l.useMonth, true),
      points: l.contractPoints,
      pricePerPointCents: l.pricePerPointCents,
      totalCents: l.contractPoints * l.pricePerPointCents,
    })),
    announced: announced.map((a) => ({
      listingId: a.listingId,
      code: a.listingCode,
      resort: a.resortName,
      reason: a.reason,
      notifiedAt: a.notifiedAt.toISOString(),
      live: a.listingStatusId === LISTING_STATUS.active,
      href: listingHref({ id: a.listingId, source: a.source }),
    })),
  };
}

/** Closes a request (its buyer, or an administrator): matching stops. Closing a closed request is a 409. */
export async function closeSpecialRequest(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const input = parseOrThrow(CloseRequestSchema, args.input);
  return deps.db.transaction(async (tx) => {
    const found = await selectRequest(tx, input.id);
    const mine = found?.request.buyerId === args.actor.id;
    if (!found || (!mine && !isAdmin(args.actor))) throw new AppError("NOT_FOUND", "There is no such special request.");
    const reason = mine ? CLOSE_REASONS[input.reason] : CLOSE_REASONS.admin;
    const r = await transitionIn(tx, specialRequestWorkflow, input.id, "close", {
      actor: args.actor,
      input: { reason },
    });
    return r.after;
  });
}

/**
 * The matcher (job `special-requests.match`): when a listing goes live or changes price, every open request it
 * meets is announced to its buyer by mail, once per request and listing (a unique row decides, so a retried or
 * repeated job never mails twice). A listing that is no longer live by then is skipped.
 */
export async function announceListing(
  deps: { db: Db; mailer: Mailer; sms: SmsSender; siteUrl: string },
  input: { listingId: number; reason: "listed" | "price" },
) {
  const l = await selectListingForMatching(deps.db, input.listingId);
  if (!l || l.listingStatusId !== LISTING_STATUS.active || l.isTest) return { announced: 0 };
  const requests = await selectOpenRequestsMetBy(deps.db, l);
  const origin = new URL(deps.siteUrl).origin;
  let announced = 0;
  for (const r of requests) {
    // The unique row claims the announcement first, so two runs never both mail; a mail that fails to reach the
    // outbox gives the claim back, so the job's retry sends it.
    const match = await insertMatchOnce(deps.db, r.id, l.id, input.reason);
    if (!match) continue;
    try {
      await sendTemplatedMail(
        { db: deps.db, mailer: deps.mailer, siteUrl: origin },
        {
          template: SPECIAL_REQUEST_MATCH_MAIL,
          to: r.buyerEmail,
          vars: {
            name: r.buyerName,
            reason: input.reason === "price" ? "has a new price" : "was just listed",
            resort: l.resortName,
            facts: [
              { label: "Listing", value: l.listingCode },
              { label: "Points", value: String(l.contractPoints) },
              { label: "Use year", value: monthName(l.useMonth, true) },
              { label: "Price per point", value: formatPerPoint(l.pricePerPointCents) },
              { label: "Total", value: formatPrice(l.contractPoints * l.pricePerPointCents) },
            ],
            link: `${origin}${listingHref(l)}`,
            request_link: `${origin}${href("/my-special-requests/:id", { id: String(r.id) })}`,
          },
        },
      );
    } catch (err) {
      await deleteMatch(deps.db, match.id);
      throw err;
    }
    const what = `${l.contractPoints}-point ${l.resortName} contract at ${formatPerPoint(l.pricePerPointCents)}`;
    const happened = input.reason === "price" ? "has a new price" : "was just listed";
    // In-app and SMS after the mail: each failure is logged, never undoes the claim (the mail went out).
    await notifyUser(deps, {
      userId: r.buyerId,
      kind: "special-request.match",
      title: `A listing for your special request ${happened}: ${l.listingCode}`,
      body: `A ${what} meets your special request #${r.id}.`,
      href: listingHref(l),
      sms: {
        template: SPECIAL_REQUEST_MATCH_MAIL.key,
        body: `Vacation Points Market: a ${what} meeting your special request ${happened}. ${origin}${listingHref(l)}`,
      },
    });
    announced++;
  }
  return { announced };
}
