import { emptyState, readPage } from "~/lib/facets/facets";
import type { Services } from "~/lib/runtime.server";
import { RESALE_SEARCH } from "./listings-url";
import { selectSearchBrokers } from "./search.queries.server";
import { type SearchResult, searchListings } from "./search.server";

/** Broker listings per page on the public index. */
export const BROKER_LISTINGS_PAGE_SIZE = 20;

/**
 * The public index of broker listings (`/broker-listings`): active, non-test listings from brokers,
 * best score first, through the resale search with its brokers filter (every active broker, or the
 * one asked for) and its paging (decision 0024). An unknown broker or a bad page falls back (all brokers,
 * page 1 or the last page) and says so in `ignored`; it is never an error.
 */
export async function listBrokerListings(
  deps: Pick<Services, "db">,
  args: { input: { broker?: string | null; page?: string | null } },
) {
  const brokers = await selectSearchBrokers(deps.db);
  const ignored: ("broker" | "page")[] = [];
  let broker: { id: number; name: string } | null = null;
  if (args.input.broker) {
    broker = brokers.find((b) => String(b.id) === args.input.broker) ?? null;
    if (!broker) ignored.push("broker");
  }
  const read = readPage(args.input.page);
  let page = read.value;
  if (!read.ok) ignored.push("page");
  const empty: SearchResult = {
    data: [],
    meta: { total: 0, per_page: BROKER_LISTINGS_PAGE_SIZE, current_page: 1, total_pages: 0, total_is_capped: false },
    lastModified: null,
  };
  const search = (p: number) =>
    searchListings(deps.db, {
      ...emptyState(RESALE_SEARCH),
      brokers: broker ? [broker.id] : brokers.map((b) => b.id),
      limit: BROKER_LISTINGS_PAGE_SIZE,
      page: p,
    });
  if (brokers.length === 0) return { result: empty, brokers, broker, page: 1, pageCount: 1, ignored };
  let result = await search(page);
  if (page > 1 && page > result.meta.total_pages) {
    ignored.push("page");
    page = Math.max(1, result.meta.total_pages);
    result = await search(page);
  }
  return { result, brokers, broker, page, pageCount: Math.max(1, result.meta.total_pages), ignored };
}
