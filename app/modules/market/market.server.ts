/** The market data's services for routes, jobs and the seed (the queries live in market.queries.server.ts). */
export {
  latestMembershipValue,
  latestMembershipValues,
  loadMarket,
  MARKET_MONTHS_SHOWN,
  type MarketData,
  type MarketView,
  marketResorts,
  readMarket,
  recentSales,
  refreshMarketMonthly,
  resortForAppraisal,
} from "./market.queries.server";
