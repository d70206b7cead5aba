import type { Db } from "~/db/client.server";
import { readSettingsSection } from "~/modules/admin/settings.server";
import { appraiseContractNow } from "~/modules/listings/score.server";
import { resaleValueRange, type RvcResult } from "./appraisal";
import { latestMembershipValue, recentSales, resortForAppraisal } from "./market.queries.server";
import { RVC_SETTINGS, type RvcQuery } from "./rvc.schema";

export type RvcAnswer = RvcResult & {
  resort: { id: number; name: string; code: string; duesPerPointCents: number | null };
  settings: { salesMonths: number; minSales: number };
};

/**
 * The resale value calculator (issue 31): the listing score's own appraisal of the contract (`appraiseContract`, the
 * value the offer limits use), with the closed sales of the monthly table and the staff's reference value per point.
 * Null for an unknown resort.
 */
export async function appraiseForSeller(db: Db, q: RvcQuery, now = new Date()): Promise<RvcAnswer | null> {
  const resort = await resortForAppraisal(db, q.resort);
  if (!resort) return null;
  const settings = await readSettingsSection(db, RVC_SETTINGS, "appraisal");
  const contract = {
    resortId: resort.id,
    contractPoints: q.points,
    prevYearPoints: q.banked,
    currYearPoints: q.current,
  };
  const listingsValue = await appraiseContractNow(db, contract, now);
  const result = resaleValueRange({
    contract: { ...contract, nextYearPoints: q.next },
    duesPerPointCents: resort.duesPerPointCents,
    listings: listingsValue,
    sales: await recentSales(db, resort.id, now, settings.salesMonths),
    reference: await latestMembershipValue(db, resort.id),
    settings,
  });
  return { ...result, resort, settings: { salesMonths: settings.salesMonths, minSales: settings.minSales } };
}
