import type { Db } from "~/db/client.server";
import { getScoreWeights } from "~/modules/settings/tweaks.server";
import {
  type AppraisalContract,
  appraisalPerPointCents,
  appraiseContract,
  type ScoreExplanation,
  scoreListings,
} from "./score";
import {
  clearInactiveScores,
  selectActiveListingsForScore,
  selectResortsForScore,
  updateScores,
} from "./score.queries.server";

/**
 * Recomputes and stores the score (and the appraisal value it implies) of every active listing (or only those of one resort: the comparison set
 * is still the whole market) in one transaction. Scores of listings that are not active are cleared.
 * Call after a change that moves scores: listings activated or repriced, a resort's dues or end year edited, the
 * score's weights saved in /admin/tweaks (read here, decision 0088).
 */
export async function recomputeScores(db: Db, opts: { resortId?: number; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [active, resortRows] = [await selectActiveListingsForScore(tx), await selectResortsForScore(tx)];
    const scored = scoreListings(active, resortRows, now, await getScoreWeights(tx));
    const rows = active
      .filter((l) => opts.resortId === undefined || l.resortId === opts.resortId)
      .map((l) => {
        const x = scored.get(l.id);
        return { id: l.id, score: x?.score ?? null, appraisal: x ? appraisalPerPointCents(x) : null };
      });
    await updateScores(tx, rows);
    await clearInactiveScores(tx, opts.resortId);
    return { updated: rows.length };
  });
}

/**
 * The explanations of the scores of these listings (those that are active), computed over the whole market as
 * the stored scores are: one read of the comparison set whatever the number of listings asked for.
 */
export async function explainScores(
  db: Db,
  listingIds: readonly number[],
  now = new Date(),
): Promise<Map<number, ScoreExplanation>> {
  if (listingIds.length === 0) return new Map();
  const [active, resortRows] = [await selectActiveListingsForScore(db), await selectResortsForScore(db)];
  const all = scoreListings(active, resortRows, now, await getScoreWeights(db));
  return new Map(listingIds.flatMap((id) => (all.has(id) ? [[id, all.get(id) as ScoreExplanation]] : [])));
}

/** The explanation of one listing's score, for the detail page; null when the listing is not active. */
export async function explainScore(db: Db, listingId: number, now = new Date()): Promise<ScoreExplanation | null> {
  return (await explainScores(db, [listingId], now)).get(listingId) ?? null;
}

/**
 * The appraisal of a contract that is not a listing (the resale value calculator, issue 31), against the same
 * comparison set as the stored scores and appraisals: the one appraisal of decision 0077.
 */
export async function appraiseContractNow(db: Db, contract: AppraisalContract, now = new Date()) {
  const [active, resortRows] = [await selectActiveListingsForScore(db), await selectResortsForScore(db)];
  return appraiseContract(contract, active, resortRows, now, await getScoreWeights(db));
}
