import { addDays, days, parseMonth } from "~/lib/facets/days";
import {
  type Band,
  code,
  type DayRange,
  defineSearch,
  multi,
  type RangeBounds,
  range,
  type SearchState,
  searchHref,
} from "~/lib/facets/facets";

/**
 * The rental search (SPEC section 3 "Rental filters"), declared once with the faceted-search kit (decision
 * 0024): the /rentals page's links, the rental branch of dvc-broker-listings (`type: 1`) and the SQL all
 * follow it. Links keep the filters, sort and page in the query string (ARCHITECTURE rule 5), canonical keys
 * in this order: resort=AKV, checkin=2026-12-01..2027-01-15 (either end may be left out), nights=1-5,
 * ppn=90-130 (dollars per night), room=<id> and broker=<id> (repeatable), limit, sort=checkin-asc, page. The
 * filter form, which works without JavaScript, sends checkin_from / checkin_to, nights_min / nights_max and
 * ppn_min / ppn_max instead; the server redirects to the canonical form. No zod here: the browser runs it.
 */

/** SPEC section 9: rental page size 20. */
export const RENTAL_PAGE_LIMIT = 20;
export const RENTAL_MAX_PAGE_LIMIT = 100;
/** The longest stay a rental can be (the rental_listings check constraint). */
export const RENTAL_MAX_NIGHTS = 30;
/** The highest price per night a filter accepts, in dollars. */
export const RENTAL_MAX_PRICE_PER_NIGHT = 100_000;
export const RENTAL_ORDER_COLUMNS = ["check_in", "price_per_night", "nights"] as const;
export type RentalOrderColumn = (typeof RENTAL_ORDER_COLUMNS)[number];

/**
 * Quick choices. SPEC section 9: nights All / 1-5 (the original's value behind that label is 1-3; we
 * filter what the label says) and price per night All / $90-$130 / $130-$170. The bands after the
 * SPEC's cover the rest of the market: at $17-$25 a point most nights cost more than $170.
 */
export const RENTAL_BANDS: Record<"nights" | "pricePerNight", Band[]> = {
  nights: [
    { label: "1-5", range: { min: 1, max: 5 } },
    { label: "6-14", range: { min: 6, max: 14 } },
  ],
  pricePerNight: [
    { label: "$90-$130", range: { min: 90, max: 130 } },
    { label: "$130-$170", range: { min: 130, max: 170 } },
    { label: "$170-$300", range: { min: 170, max: 300 } },
    { label: "$300-$600", range: { min: 300, max: 600 } },
    { label: "Over $600", range: { min: 600, max: null } },
  ],
};

export const RENTAL_SEARCH = defineSearch({
  facets: {
    nights: range({
      param: "nights",
      label: "Nights",
      max: RENTAL_MAX_NIGHTS,
      decimals: 0,
      bands: RENTAL_BANDS.nights,
    }),
    pricePerNight: range({
      param: "ppn",
      label: "Price per night",
      max: RENTAL_MAX_PRICE_PER_NIGHT,
      money: true,
      decimals: 2,
      bands: RENTAL_BANDS.pricePerNight,
    }),
    resort: code({
      param: "resort",
      label: "Resort",
      message: "Resort must be a resort code (like AKV) or id.",
      several: "none",
    }),
    // The original's "checkIn list", read as [from, to].
    checkIn: days({ param: "checkin", label: "Check-in" }),
    brokers: multi({ param: "broker", label: "Brokers", noun: "brokers" }),
    roomIds: multi({ param: "room", field: "room_ids", label: "Rooms", noun: "rooms" }),
  },
  urlOrder: ["resort", "checkIn", "nights", "pricePerNight", "roomIds", "brokers"],
  columns: RENTAL_ORDER_COLUMNS,
  sorts: {
    "checkin-asc": { column: "check_in", order: "asc", label: "Check-in soonest" },
    "checkin-desc": { column: "check_in", order: "desc", label: "Check-in latest" },
    "ppn-asc": { column: "price_per_night", order: "asc", label: "Price per night low-high" },
    "ppn-desc": { column: "price_per_night", order: "desc", label: "Price per night high-low" },
    "nights-asc": { column: "nights", order: "asc", label: "Fewest nights" },
    "nights-desc": { column: "nights", order: "desc", label: "Most nights" },
  },
  defaultSort: "checkin-asc",
  columnAlone: true,
  limit: { default: RENTAL_PAGE_LIMIT, max: RENTAL_MAX_PAGE_LIMIT, sizes: [10, 20, 50, 100] },
});

/** A rental search: the /rentals page's query, the API's filters and the SQL's input are this one shape. */
export type RentalsQuery = SearchState<typeof RENTAL_SEARCH>;
/** The data's bounds of nights and price per night (whole dollars). */
export type RentalsBounds = RangeBounds<typeof RENTAL_SEARCH>;

/** "/rentals" plus the canonical query string. */
export function rentalsHref(q: RentalsQuery) {
  return searchHref(RENTAL_SEARCH, "/rentals", q);
}

/**
 * The check-in month quick choices: this month and the next ten (the 11-month booking window at the
 * home resort, DOMAIN.md). Each is the range from its first to its last day.
 */
export function checkInMonths(today: string, count = 11): { month: string; range: DayRange }[] {
  const out: { month: string; range: DayRange }[] = [];
  let day = `${today.slice(0, 7)}-01`;
  for (let i = 0; i < count; i++) {
    const month = day.slice(0, 7);
    const m = parseMonth(month);
    if (!m) break;
    out.push({ month, range: { from: m.first, to: m.last } });
    day = addDays(m.last, 1);
  }
  return out;
}
