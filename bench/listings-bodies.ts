/** What bench:listings sends: the search's path and the mix of filter bodies the load rotates through. */
export const SEARCH_PATH = "/api/dvc-broker-listings";

export const SEARCH_BODIES: Record<string, unknown>[] = [
  { page: 1, withFilters: false },
  { page: 3, withFilters: false },
  { resort: "AKV", page: 1 },
  { pricePerPoint: [90, 130], points: [100, 200], page: 1 },
  { price: [0, 15000], orderBy: { column: "price", order: "asc" }, page: 2 },
  { score: [30, 100], useYears: ["Feb", "Dec"], orderBy: { column: "price_per_point", order: "desc" }, page: 1 },
  { resort: "BLT", points: [140, 160], orderBy: { column: "age", order: "desc" }, page: 1 },
  { pointPercentage: [0, 50], orderBy: { column: "resort", order: "asc" }, page: 1 },
];
