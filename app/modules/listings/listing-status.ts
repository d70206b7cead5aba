/** Listing status ids (SPEC section 9): the lookup table listing_statuses holds the same ids. */
export const LISTING_STATUS = { pending: 1, active: 3, deactivated: 9 } as const;

export type ListingStatusId = (typeof LISTING_STATUS)[keyof typeof LISTING_STATUS];
