import type { Db } from "~/db/client.server";
import { getScoreWeights } from "~/modules/settings/tweaks.server";
import {
  type AppraisalContract,
  appraisalPerPointCents,
  appraiseAgainst,
  explainAgainst,
  marketAnnualised,
  type ScoreExplanation,
  type ScoreListing,
  type ScoreMarket,
  type ScoreResort,
  scoreBase,
  scoreListings,
  scoreMarket,
} from "./score";
import {
  bumpScoreVersion,
  clearInactiveScores,
  selectActiveListingsForScore,
  selectActiveListingsForScoreByIds,
  selectResortsForScore,
  selectScoreVersion,
  updateScores,
} from "./score.queries.server";

/**
 * Recomputes and stores the score (and the appraisal value it implies) of every active listing (or only those of one resort: the comparison set
 * is still the whole market) in one transaction. Scores of listings that are not active are cleared.
 * Call after a change that moves scores: listings activated or repriced, a resort's dues or end year edited, the
 * score's weights saved in /admin/tweaks (read here, decision 0088). The score version moves on in the same
 * transaction, so every process reads the comparison set again before its next explanation (decision 0097).
 */
export async function recomputeScores(db: Db, opts: { resortId?: number; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const done = await db.transaction(async (tx) => {
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
    const version = await bumpScoreVersion(tx);
    return { updated: rows.length, set: comparisonSetOf(version, active, resortRows) };
  });
  comparisonSets.set(db, done.set); // this process already holds the set of the new version
  return { updated: done.updated };
}

/**
 * The comparison set of the scores as a process keeps it (decision 0097): the active listings' clock-free inputs
 * by resort, read at `version` of the stored scores.
 */
type ComparisonSet = {
  version: number;
  market: ScoreMarket;
  listings: ReadonlyMap<number, ScoreListing>;
  resorts: readonly ScoreResort[];
};

const comparisonSets = new WeakMap<object, ComparisonSet>();
const loading = new WeakMap<object, Promise<ComparisonSet>>();

function comparisonSetOf(version: number, active: readonly ScoreListing[], resorts: readonly ScoreResort[]) {
  const resortById = new Map(resorts.map((r) => [r.id, r]));
  return {
    version,
    market: scoreMarket(
      active.map((l) => scoreBase(l, resortById)),
      resorts,
    ),
    listings: new Map(active.map((l) => [l.id, l])),
    resorts,
  };
}

const sameResorts = (a: readonly ScoreResort[], b: readonly ScoreResort[]) => {
  if (a.length !== b.length) return false;
  const byId = new Map(a.map((r) => [r.id, r]));
  return b.every((r) => {
    const x = byId.get(r.id);
    return x !== undefined && x.contractEndYear === r.contractEndYear && x.duesPerPointCents === r.duesPerPointCents;
  });
};

const sameListing = (a: ScoreListing | undefined, b: ScoreListing) =>
  a !== undefined &&
  a.resortId === b.resortId &&
  a.contractPoints === b.contractPoints &&
  a.pricePerPointCents === b.pricePerPointCents &&
  a.prevYearPoints === b.prevYearPoints &&
  a.currYearPoints === b.currYearPoints;

/**
 * The comparison set of the stored scores, for explaining `ids` (active or not) or appraising a contract: the one
 * this process keeps while the score version has not moved, the resorts' dues and end years are those it was read
 * with, and each listing asked for is in it as it is now (active, same price and points) or out of it when it is
 * not active; otherwise read again (the whole market, once). Per request: the version, the resorts, the listings
 * asked for.
 */
async function comparisonSet(db: Db, ids: readonly number[]): Promise<ComparisonSet> {
  const [version, resortRows, asked] = await Promise.all([
    selectScoreVersion(db),
    selectResortsForScore(db),
    ids.length === 0 ? [] : selectActiveListingsForScoreByIds(db, ids),
  ]);
  const fresh = (set: ComparisonSet | undefined): set is ComparisonSet => {
    if (!set || set.version !== version || !sameResorts(set.resorts, resortRows)) return false;
    const active = new Map(asked.map((l) => [l.id, l]));
    return ids.every((id) => {
      const now = active.get(id);
      return now === undefined ? !set.listings.has(id) : sameListing(set.listings.get(id), now);
    });
  };
  const kept = comparisonSets.get(db);
  if (fresh(kept)) return kept;
  const pending = loading.get(db);
  if (pending) {
    const set = await pending;
    if (fresh(set)) return set;
  }
  const load = (async () => {
    const [active, resorts] = [await selectActiveListingsForScore(db), await selectResortsForScore(db)];
    return comparisonSetOf(version, active, resorts);
  })();
  loading.set(db, load);
  try {
    const set = await load;
    comparisonSets.set(db, set);
    return set;
  } finally {
    if (loading.get(db) === load) loading.delete(db);
  }
}

/**
 * The explanations of the scores of these listings (those that are active), computed over the whole market as
 * the stored scores are, at `now`: the same as `scoreListings` over every active listing, from the comparison set
 * this process keeps (decision 0097). Reads a few small rows whatever the size of the market.
 */
export async function explainScores(
  db: Db,
  listingIds: readonly number[],
  now = new Date(),
): Promise<Map<number, ScoreExplanation>> {
  if (listingIds.length === 0) return new Map();
  const [set, weights] = await Promise.all([comparisonSet(db, listingIds), getScoreWeights(db)]);
  let values: number[] | undefined;
  const marketValues = () => {
    values ??= marketAnnualised(set.market, now);
    return values;
  };
  const out = new Map<number, ScoreExplanation>();
  for (const id of listingIds) {
    const listing = set.listings.get(id);
    if (listing) out.set(id, explainAgainst(set.market, listing, true, now, weights, marketValues));
  }
  return out;
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
  const [set, weights] = await Promise.all([comparisonSet(db, []), getScoreWeights(db)]);
  return appraiseAgainst(set.market, contract, now, weights);
}
