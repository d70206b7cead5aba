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
  readResortPrices,
  type ResortMarketNow,
  recentSales,
  refreshMarketMonthly,
  resortForAppraisal,
} from "./market.queries.server";
import { SERIES, type SeriesName, seriesRecords } from "./market";
import type { MarketView } from "./market.queries.server";

/** One series as JSON (`/market/<series>.json` and the partners' `/api/v1/market/:series`): the same numbers as its chart. */
export function seriesJson(name: SeriesName, view: Extract<MarketView, { ok: true }>) {
  return {
    series: name,
    title: SERIES[name].title,
    resort: view.resort?.code ?? null,
    refreshedAt: view.data.refreshedAt,
    demo: view.data.anyDemo,
    columns: SERIES[name].columns,
    rows: seriesRecords(name, view.data.months),
  };
}
