import { formatPercent, formatPerPoint } from "~/lib/format";

/**
 * The sign-up promise to sellers (issue 27): the listing form shows the asking prices of comparable listings at the
 * chosen resort (the active listings buyers see there), their median and a suggested range, and where the seller's
 * own price sits. Pure: safe for the browser; the server computes the figures (inventory.server.ts).
 *
 * The suggested range is the middle half of the asking prices (first to third quartile): where most comparable
 * contracts are priced. With fewer than MIN_PRICE_COMPARABLES listings there is no median or range to speak of.
 * /admin/tweaks "Pricing strategy" (decision 0088) sets both: the listings needed, and the range as a band around
 * the median instead.
 */
export const MIN_PRICE_COMPARABLES = 3;

export type ResortComparables = {
  resortId: number;
  /** Active listings at the resort (the seller's own listing being edited left out). */
  count: number;
  /** Null below MIN_PRICE_COMPARABLES. */
  medianCents: number | null;
  lowCents: number | null;
  highCents: number | null;
  /** The range is this percent either side of the median (/admin/tweaks "Pricing strategy"); else the middle half. */
  bandPercent?: number | null;
};

export type PricePosition = { where: "below" | "within" | "above"; percentFromMedian: number; text: string };

/** Where an asking price (cents a point) sits against the resort's comparables; null without a range or a price. */
export function pricePosition(
  c: ResortComparables | null | undefined,
  priceCents: number | null,
): PricePosition | null {
  if (!c || c.medianCents === null || c.lowCents === null || c.highCents === null) return null;
  if (priceCents === null || !Number.isFinite(priceCents) || priceCents <= 0) return null;
  const percent = Math.round(((priceCents - c.medianCents) / c.medianCents) * 1000) / 10;
  const vsMedian =
    percent === 0
      ? "at the median"
      : `${formatPercent(Math.abs(percent))} ${percent < 0 ? "below" : "above"} the median`;
  const where = priceCents < c.lowCents ? "below" : priceCents > c.highCents ? "above" : "within";
  const range = `${formatPerPoint(c.lowCents)} to ${formatPerPoint(c.highCents)}`;
  const text =
    where === "within"
      ? `Your ${formatPerPoint(priceCents)} is within the suggested range (${range}), ${vsMedian}.`
      : where === "below"
        ? `Your ${formatPerPoint(priceCents)} is below the suggested range (${range}), ${vsMedian}: it should draw offers quickly.`
        : `Your ${formatPerPoint(priceCents)} is above the suggested range (${range}), ${vsMedian}: buyers may wait or offer less.`;
  return { where, percentFromMedian: percent, text };
}

/** The figures in words, as the form and its no-JavaScript fallback show them. */
export function comparablesText(c: ResortComparables | null | undefined): string {
  if (!c || c.count === 0)
    return "No other listings are for sale at this resort right now, so there is nothing to compare your price with.";
  if (c.medianCents === null || c.lowCents === null || c.highCents === null)
    return `Only ${c.count} other listing${c.count === 1 ? " is" : "s are"} for sale at this resort: too few for a median or a suggested range.`;
  if (c.bandPercent)
    return `${c.count} listings for sale at this resort ask a median of ${formatPerPoint(c.medianCents)}; the suggested range, ${formatPercent(c.bandPercent)} either side of it, is ${formatPerPoint(c.lowCents)} to ${formatPerPoint(c.highCents)}.`;
  return `${c.count} listings for sale at this resort ask a median of ${formatPerPoint(c.medianCents)}; the middle half ask ${formatPerPoint(c.lowCents)} to ${formatPerPoint(c.highCents)}, the suggested range.`;
}

/** The price typed in the form (dollars, cents allowed) as cents, or null. */
export function priceInputCents(value: string | null | undefined): number | null {
  if (!value || !/^\s*\d{1,6}(\.\d{0,2})?\s*$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}
