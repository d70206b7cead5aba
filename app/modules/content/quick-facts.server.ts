import type { Db, Tx } from "~/db/client.server";
import { countListingsByStatus, selectQuickFacts } from "./content.queries.server";
import { COMPUTED_QUICK_FACTS, MISSION_KEY } from "./quick-facts";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { formatNumber } from "~/lib/format";

export type QuickFact = { key: string; title: string; value: string; link: string | null };

/**
 * The counted facts: listings buyers can find now (active, not test), and contracts under contract (an accepted
 * offer not yet closed). Until the offers workflow exists no listing can be under contract, so that count is 0.
 */
export async function countComputedQuickFacts(db: Db | Tx) {
  const [available, underContract] = await Promise.all([
    countListingsByStatus(db, [LISTING_STATUS.active]),
    countListingsByStatus(db, UNDER_CONTRACT_STATUSES),
  ]);
  return { available_listings: available, pending_closings: underContract };
}

/** Listing statuses that mean "under contract" (the offers workflow adds them). */
const UNDER_CONTRACT_STATUSES: number[] = [];

/**
 * The Quick Facts menu: the mission statement, and each fact with a value in the administrator's order (counted
 * facts with their live count; a fact whose value is empty or a count of 0 is left out).
 */
export async function getQuickFactsMenu(db: Db): Promise<{ mission: string | null; facts: QuickFact[] }> {
  const [rows, counts] = await Promise.all([selectQuickFacts(db), countComputedQuickFacts(db)]);
  let mission: string | null = null;
  const facts: QuickFact[] = [];
  for (const r of rows) {
    if (r.key === MISSION_KEY) {
      mission = r.value.trim() || null;
      continue;
    }
    const value = COMPUTED_QUICK_FACTS.includes(r.key)
      ? formatNumber(counts[r.key as keyof typeof counts] ?? 0)
      : r.value.trim();
    if (!value || value === "0") continue;
    facts.push({ key: r.key, title: r.title, value, link: r.link });
  }
  return { mission, facts };
}
