import type { ListingFormDefaults } from "./ui/inventory-listing-form";

const WHOLE = ["resortId", "useMonth", "contractPoints", "prevYearPoints", "currYearPoints", "nextYearPoints"] as const;

/**
 * A new listing's form filled from its address (issue 31: the resale value calculator's "List at this price" passes
 * the contract it valued). Only well-formed values are taken; they are defaults the seller can change, and the form
 * is judged by the same schema when it is sent, so a value out of range is refused then with its message.
 */
export function listingPrefill(search: URLSearchParams): ListingFormDefaults {
  const out: ListingFormDefaults = {};
  for (const key of WHOLE) {
    const raw = search.get(key);
    if (raw && /^\d{1,6}$/.test(raw)) out[key] = Number(raw);
  }
  const price = search.get("pricePerPoint");
  if (price && /^\d{1,5}(\.\d{1,2})?$/.test(price)) out.pricePerPoint = price;
  return out;
}
