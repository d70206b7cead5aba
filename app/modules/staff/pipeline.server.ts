import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { AGREEMENT_STATUS_LABELS } from "~/modules/agreements/agreement.workflow";
import { OFFER_STATUS_LABELS } from "~/modules/offers/offers.schema";
import { PIPELINE_MONTHS, PIPELINE_OFFER_DAYS } from "./pipeline";
import { closingsByMonthSince, countAgreementsByStatus, countOffersByStatusSince } from "./pipeline.queries.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export type PipelineBar = { key: string; label: string; value: number };

export type DealPipeline = {
  offers: PipelineBar[];
  /** Agreements still under way, by step, in the order a deal takes them. */
  agreements: PipelineBar[];
  /** Closings per Eastern month, oldest first; the last is this month. */
  closings: (PipelineBar & { totalCents: number })[];
  closedThisMonth: { count: number; totalCents: number };
};

/** The Eastern calendar month of a moment, as "YYYY-MM". */
function easternMonth(d: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit" })
    .formatToParts(d)
    .reduce<Record<string, string>>((o, p) => Object.assign(o, { [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}`;
}

/** The `n` months up to and including the month of `now`, oldest first, as "YYYY-MM". */
export function lastMonths(now: Date, n: number): string[] {
  const [y, m] = easternMonth(now).split("-").map(Number);
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/**
 * The deal pipeline on the admin overview (issue 33): offers of the last 30 days by state, agreements under way by
 * step, and closings per month for six months with this month's count and value. Administrators only.
 */
export async function getDealPipeline(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; now?: Date },
): Promise<DealPipeline> {
  if (!defineAbilityFor(args.actor).can("read", "AdminDashboard")) {
    throw new AppError("FORBIDDEN", "You do not have permission to see the deal pipeline.");
  }
  const now = args.now ?? new Date();
  const months = lastMonths(now, PIPELINE_MONTHS);
  // PGlite is a single connection: one query after another. The closings query reads from a day before the first
  // month in UTC, so the Eastern month's first hours are in; the grouping by Eastern month drops anything earlier.
  const offerRows = await countOffersByStatusSince(deps.db, new Date(now.getTime() - PIPELINE_OFFER_DAYS * DAY_MS));
  const agreementRows = await countAgreementsByStatus(deps.db);
  const [fy, fm] = months[0].split("-").map(Number);
  const closingRows = await closingsByMonthSince(deps.db, new Date(Date.UTC(fy, fm - 1, 1) - DAY_MS));

  const offerCount = new Map<string, number>(offerRows.map((r) => [r.status, Number(r.count)]));
  const agreementCount = new Map<string, number>(agreementRows.map((r) => [r.status, Number(r.count)]));
  const closing = new Map(
    closingRows.map((r) => [r.month, { count: Number(r.count), totalCents: Number(r.totalCents ?? 0) }]),
  );
  const closings = months.map((month) => ({
    key: month,
    label: monthLabel(month),
    value: closing.get(month)?.count ?? 0,
    totalCents: closing.get(month)?.totalCents ?? 0,
  }));
  const thisMonth = closings[closings.length - 1];
  return {
    // The label maps list the states in the order a deal takes them.
    offers: Object.entries(OFFER_STATUS_LABELS).map(([s, label]) => ({ key: s, label, value: offerCount.get(s) ?? 0 })),
    agreements: Object.entries(AGREEMENT_STATUS_LABELS)
      .filter(([s]) => s !== "closed" && s !== "cancelled")
      .map(([s, label]) => ({ key: s, label, value: agreementCount.get(s) ?? 0 })),
    closings,
    closedThisMonth: { count: thisMonth.value, totalCents: thisMonth.totalCents },
  };
}
