/**
 * SPEC section 3 "Quick facts": the keys the Quick facts mega menu knows, with the title each starts with, and the
 * mission statement. Two are computed from the marketplace's own data and never typed in.
 */
export const QUICK_FACT_KEYS = [
  { key: "mission_statement", title: "Our mission" },
  { key: "open_since", title: "Open since" },
  { key: "employees", title: "Employees" },
  { key: "licensed_insured_broker", title: "Licensed, insured broker" },
  { key: "bbb_rating", title: "BBB rating" },
  { key: "available_listings", title: "Listings for sale now" },
  { key: "pending_closings", title: "Contracts under contract" },
  { key: "commission_rate", title: "Commission" },
  { key: "lowest_commission_guarantee", title: "Lowest commission guarantee" },
  { key: "listing_agreement", title: "Listing agreement" },
  { key: "former_guides", title: "Former Disney guides on staff" },
  { key: "hundreds_of_millions_in_sales", title: "Sales closed" },
  { key: "real_time_traffic", title: "Buyers browsing now" },
  { key: "market_data", title: "Open market data" }, // issue 31: links /market
] as const;

export type QuickFactKey = (typeof QUICK_FACT_KEYS)[number]["key"];

/** Facts whose value is counted from the data (the stored value is ignored). */
export const COMPUTED_QUICK_FACTS: readonly string[] = ["available_listings", "pending_closings"];

/**
 * The commission fact states the admin fees tweaks' commission (what the closing statement charges); its stored
 * value is ignored, so no copy can promise another figure.
 */
export const COMMISSION_KEY = "commission_rate";

/** Facts whose value comes from the data or the settings, never from what is typed in. */
export const DATA_QUICK_FACTS: readonly string[] = [...COMPUTED_QUICK_FACTS, COMMISSION_KEY];

/** The mission statement is shown as a paragraph above the facts, not as a fact. */
export const MISSION_KEY = "mission_statement";
