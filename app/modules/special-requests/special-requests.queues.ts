/**
 * The special-request queues, apart from their handlers so that the listings module can queue a match without
 * importing the matcher (which imports listings).
 */
export const SPECIAL_REQUEST_QUEUES = {
  /** `{ listingId, reason: "listed" | "price" }`: announce a listing to every open request it meets, once each. */
  match: "special-requests.match",
} as const;
