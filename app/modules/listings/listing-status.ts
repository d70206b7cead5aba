/**
 * Listing status ids (SPEC section 9: 3 active, 9 deactivated; 1 pending review): the lookup table listing_statuses
 * holds the same ids. 5, under contract, is ours (an offer was accepted; migration 0009, decision 0029): the SPEC
 * names no id for it. 7, sold, is ours too (the agreement closed, or the developer bought it: migration 0012).
 */
export const LISTING_STATUS = { pending: 1, active: 3, underContract: 5, sold: 7, deactivated: 9 } as const;

export type ListingStatusId = (typeof LISTING_STATUS)[keyof typeof LISTING_STATUS];
