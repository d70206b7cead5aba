/**
 * Listing status ids (SPEC section 9: 3 active, 9 deactivated; 1 pending review): the lookup table listing_statuses
 * holds the same ids. 5, under contract, is ours (an offer was accepted; migration 0009, decision 0029): the SPEC
 * names no id for it. 7, sold, is ours too (the agreement closed, or the developer bought it: migration 0012).
 */
export const LISTING_STATUS = { pending: 1, active: 3, underContract: 5, sold: 7, deactivated: 9 } as const;

export type ListingStatusId = (typeof LISTING_STATUS)[keyof typeof LISTING_STATUS];

/**
 * Where a listing stands in the market, as a buyer reads it (issue 27): for sale, under contract (an offer was
 * accepted), sold (the agreement closed) or bought back by the developer (ROFR exercised; DOMAIN.md). A listing under
 * contract or sold keeps its page.
 */
export type MarketState = "for-sale" | "under-contract" | "sold" | "bought-back";

export const MARKET_STATE_LABEL: Record<MarketState, string> = {
  "for-sale": "For sale",
  "under-contract": "Under contract",
  sold: "Sold",
  "bought-back": "Bought back by Disney (ROFR)",
};

/** The schema.org availability of a listing's Offer in each state. */
export const MARKET_STATE_AVAILABILITY: Record<MarketState, string> = {
  "for-sale": "https://schema.org/InStock",
  "under-contract": "https://schema.org/LimitedAvailability",
  sold: "https://schema.org/SoldOut",
  "bought-back": "https://schema.org/SoldOut",
};

/** The market state of a listing status (null for a listing not on the market: pending, deactivated). */
export function marketStateOf(statusId: number, rofrResult?: "waived" | "exercised" | null): MarketState | null {
  if (statusId === LISTING_STATUS.active) return "for-sale";
  if (statusId === LISTING_STATUS.underContract) return "under-contract";
  if (statusId === LISTING_STATUS.sold) return rofrResult === "exercised" ? "bought-back" : "sold";
  return null;
}
