import type { Db } from "~/db/client.server";
import { applicableCommission, commissionCents, parseCommissionText } from "~/modules/agreements/agreement-money";
import { median } from "~/modules/listings/score";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { getFeeTweaks } from "~/modules/settings/tweaks.server";
import { activeBrokers, saleTotals } from "./embeds.queries.server";

/**
 * The `broker-comparison` embed (issue 32, the seller page "compare brokers"): the active brokers on record
 * (/admin/brokers) with their commission as each words it, beside ours (decision 0058's one truth). Only figures the
 * data holds: a broker's commission is worked out on the example sale only when its text is a plain percent or dollar
 * amount ("9%", "$1,500", read as the seller's adjusted commission is read); any other wording is shown as written.
 * The example sale is the median total price of the contracts sold here in the last twelve months; with none, there
 * is no example column.
 */
const WINDOW_DAYS = 365;
const DAY_MS = 86_400_000;

export type BrokerRow = {
  name: string;
  website: string | null;
  commissionText: string;
  activeListings: number;
  /** What the broker's commission comes to on the example sale; null when its text is not a plain figure. */
  exampleCommissionCents: number | null;
};

export type BrokerComparisonData = {
  siteName: string;
  ours: { percent: number; minimumCents: number; exampleCommissionCents: number | null };
  /** The median total price of the last twelve months' sales here, and how many sales it is the median of. */
  example: { priceCents: number; sales: number } | null;
  brokers: BrokerRow[];
};

export async function load(db: Db, now = new Date()): Promise<BrokerComparisonData> {
  const [site, fees] = await Promise.all([getSiteInfo(db), getFeeTweaks(db)]);
  const totals = await saleTotals(db, new Date(now.getTime() - WINDOW_DAYS * DAY_MS), now);
  const m = median([...totals].sort((a, b) => a - b));
  const example = m === null ? null : { priceCents: Math.round(m), sales: totals.length };
  const on = (priceCents: number, c: ReturnType<typeof parseCommissionText>) =>
    c === null ? null : commissionCents(priceCents, c);

  const rows = await activeBrokers(db);
  return {
    siteName: site.siteName,
    ours: {
      percent: fees.commissionPercent,
      minimumCents: fees.commissionMinimumCents,
      exampleCommissionCents: example
        ? commissionCents(example.priceCents, applicableCommission(example.priceCents, fees, null))
        : null,
    },
    example,
    brokers: rows.map((r) => ({
      ...r,
      commissionText: r.commissionText.trim(),
      exampleCommissionCents: example ? on(example.priceCents, parseCommissionText(r.commissionText)) : null,
    })),
  };
}
