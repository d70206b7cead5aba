import type { Db, Tx } from "~/db/client.server";
import { countListingsByStatus, selectQuickFacts } from "./content.queries.server";
import { COMMISSION_KEY, COMPUTED_QUICK_FACTS, MISSION_KEY } from "./quick-facts";
import { getSiteCommission } from "~/modules/settings/tweaks.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { formatNumber } from "~/lib/format";

export type QuickFact = { key: string; title: string; value: string; link: string | null };

/**
 * The counted facts: listings buyers can find now (active, not test), and contracts under contract (listings whose
 * offer was accepted and whose agreement has not closed or ended: status 5, decision 0029).
 */
export async function countComputedQuickFacts(db: Db | Tx) {
  const [available, underContract] = await Promise.all([
    countListingsByStatus(db, [LISTING_STATUS.active]),
    countListingsByStatus(db, UNDER_CONTRACT_STATUSES),
  ]);
  return { available_listings: available, pending_closings: underContract };
}

/** Listing statuses that mean "under contract": an accepted offer, not yet closed or released. */
const UNDER_CONTRACT_STATUSES: number[] = [LISTING_STATUS.underContract];

/**
 * The Quick facts menu: the mission statement, and each fact with a value in the administrator's order (counted
 * facts with their live count, the commission from the admin fees tweaks; a fact whose value is empty or a count of 0 is left out).
 */
export async function getQuickFactsMenu(db: Db): Promise<{ mission: string | null; facts: QuickFact[] }> {
  const [rows, counts, commission] = await Promise.all([
    selectQuickFacts(db),
    countComputedQuickFacts(db),
    getSiteCommission(db),
  ]);
  let mission: string | null = null;
  const facts: QuickFact[] = [];
  for (const r of rows) {
    if (r.key === MISSION_KEY) {
      mission = r.value.trim() || null;
      continue;
    }
    const value =
      r.key === COMMISSION_KEY
        ? commission.words
        : COMPUTED_QUICK_FACTS.includes(r.key)
          ? formatNumber(counts[r.key as keyof typeof counts] ?? 0)
          : r.value.trim();
    if (!value || value === "0") continue;
    facts.push({ key: r.key, title: r.title, value, link: r.link });
  }
  return { mission, facts };
}
