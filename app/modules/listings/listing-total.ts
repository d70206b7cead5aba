import { parseMoney } from "~/lib/money";
import { formatNumber, formatPerPoint, formatPrice } from "~/lib/format";

/**
 * The new-listing form's running total (issue 13): contract points × price per point, as the seller types.
 * Null until both are numbers a listing could have (whole points above zero, a price in dollars and cents).
 */
export function listingTotal(pointsText: string, priceText: string) {
  const points = Number(pointsText.trim());
  const pppCents = parseMoney(priceText);
  if (!pointsText.trim() || !Number.isSafeInteger(points) || points <= 0 || pppCents === null || pppCents <= 0) {
    return null;
  }
  return { points, pppCents, totalCents: points * pppCents };
}

/** "Total asking price: $18,000 (150 points × $120.00 a point)", or the hint to fill both in. */
export function listingTotalText(pointsText: string, priceText: string) {
  const t = listingTotal(pointsText, priceText);
  if (!t) return "Enter the contract points and the price per point to see the total asking price.";
  return `Total asking price: ${formatPrice(t.totalCents)} (${formatNumber(t.points)} points × ${formatPerPoint(t.pppCents)})`;
}
