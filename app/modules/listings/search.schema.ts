import { z } from "zod";
import { type BodyResult, parseSearchBody, searchSchema, stateToBody } from "~/lib/facets/facets.schema";
import { type ListingsQuery, RESALE_SEARCH } from "./listings-url";

/**
 * Resale listing filters (SPEC section 3 "Resale listing filters", section 7 dvc-broker-listings.store), the
 * body schema of the resale search's declaration (listings-url.ts): ranges as [min, max] (prices in whole
 * dollars), resort code or id, broker ids, use-year month names, limit, page, orderBy, plus withFilters.
 * Unknown keys are ignored. The default order is score descending.
 */
export const ResaleSearchSchema = searchSchema(RESALE_SEARCH, {
  withFilters: z
    .unknown()
    .optional()
    .transform((v) => v === true || v === "true" || v === 1),
});
export type ResaleSearch = z.output<typeof ResaleSearchSchema>;

/** The request body: the filter object at the top level (or under `filters`), plus page and withFilters. */
export function parseResaleSearch(body: unknown): BodyResult<ResaleSearch> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { success: false, error: "Send the filters as a JSON object.", fields: {} };
  }
  const b = body as Record<string, unknown>;
  if ("type" in b && b.type !== null && b.type !== undefined && String(b.type) !== "0") {
    return {
      success: false,
      error: "Only resale listings can be searched here (type 1, rentals, is not available).",
      fields: { type: ["Rental search is not available."] },
    };
  }
  return parseSearchBody(ResaleSearchSchema, b);
}

/** A /listings page query checked once more by the body's schema, on the server, before it is searched. */
export function toSearchFilters(q: ListingsQuery): ListingsQuery {
  const { withFilters: _, ...filters } = ResaleSearchSchema.parse(stateToBody(RESALE_SEARCH, q));
  return filters;
}
