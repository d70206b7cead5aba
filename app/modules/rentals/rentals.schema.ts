import { type BodyResult, parseSearchBody, searchSchema, stateToBody } from "~/lib/facets/facets.schema";
import { RENTAL_SEARCH, type RentalsQuery } from "./rentals-url";

/**
 * Rental filters (SPEC section 3 "Rental filters"), the body schema of the rental search's declaration
 * (rentals-url.ts): nights and pricePerNight ranges (whole dollars), resort code or id, checkIn [from, to]
 * (days or months), broker ids, room_ids, limit (default 20, at most 100), page, orderBy { column: check_in |
 * price_per_night | nights, order } or a column name (default check-in soonest first). Unknown keys are ignored.
 */
export const RentalSearchSchema = searchSchema(RENTAL_SEARCH);

/** The rental branch of dvc-broker-listings.store (`type: 1`): the filters at the top level or under `filters`. */
export function parseRentalSearch(body: Record<string, unknown>): BodyResult<RentalsQuery> {
  return parseSearchBody(RentalSearchSchema, body);
}

/** A /rentals page query checked once more by the body's schema, on the server, before it is searched. */
export function toRentalSearch(q: RentalsQuery): RentalsQuery {
  return RentalSearchSchema.parse(stateToBody(RENTAL_SEARCH, q));
}
