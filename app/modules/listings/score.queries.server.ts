import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { listings, resorts, scoreVersion } from "~/db/schema";
import { LISTING_STATUS } from "./listing-status";

type Conn = Db | Tx;

/** What the score reads of a listing, and which listings are in its comparison set (active, not test). */
const SCORE_COLUMNS = {
  id: listings.id,
  resortId: listings.resortId,
  contractPoints: listings.contractPoints,
  pricePerPointCents: listings.pricePerPointCents,
  prevYearPoints: listings.prevYearPoints,
  currYearPoints: listings.currYearPoints,
};
const IN_COMPARISON_SET = and(eq(listings.listingStatusId, LISTING_STATUS.active), eq(listings.isTest, false));

/** The comparison set of the score: every active, non-test listing (few columns, so cheap even at 100k rows). */
export function selectActiveListingsForScore(db: Conn) {
  return db.select(SCORE_COLUMNS).from(listings).where(IN_COMPARISON_SET);
}

/** The listings of `ids` that are in the comparison set, with the same columns. */
export function selectActiveListingsForScoreByIds(db: Conn, ids: readonly number[]) {
  return db
    .select(SCORE_COLUMNS)
    .from(listings)
    .where(and(inArray(listings.id, [...ids]), IN_COMPARISON_SET));
}

/** The version of the stored scores (0 before the first recompute). */
export async function selectScoreVersion(db: Conn): Promise<number> {
  const [row] = await db.select({ version: scoreVersion.version }).from(scoreVersion).where(eq(scoreVersion.id, 1));
  return row?.version ?? 0;
}

/** Moves the version of the stored scores on by one (in the transaction that stores them); returns the new one. */
export async function bumpScoreVersion(db: Conn): Promise<number> {
  const [row] = await db
    .insert(scoreVersion)
    .values({ id: 1, version: 1, recomputedAt: sql`now()` })
    .onConflictDoUpdate({
      target: scoreVersion.id,
      set: { version: sql`${scoreVersion.version} + 1`, recomputedAt: sql`now()` },
    })
    .returning({ version: scoreVersion.version });
  return row.version;
}

export function selectResortsForScore(db: Conn) {
  return db
    .select({
      id: resorts.id,
      code: resorts.code,
      contractEndYear: resorts.contractEndYear,
      duesPerPointCents: resorts.duesPerPointCents,
    })
    .from(resorts);
}

/** Sets score and appraisal per listing id in one statement (ids, scores and appraisals as array literals). */
export async function updateScores(
  db: Conn,
  rows: readonly { id: number; score: number | null; appraisal: number | null }[],
) {
  if (rows.length === 0) return;
  const list = (xs: (number | null)[]) => `{${xs.map((x) => (x === null ? "NULL" : x)).join(",")}}`;
  const ids = list(rows.map((r) => r.id));
  const scores = list(rows.map((r) => r.score));
  const appraisals = list(rows.map((r) => r.appraisal));
  await db.execute(sql`
    update ${listings} as l set score = u.score, appraisal_per_point_cents = u.appraisal
    from unnest(${ids}::int[], ${scores}::smallint[], ${appraisals}::int[]) as u(id, score, appraisal)
    where l.id = u.id
      and (l.score is distinct from u.score or l.appraisal_per_point_cents is distinct from u.appraisal)`);
}

/** Clears the score (and appraisal) of listings that are no longer scored (not active, or test listings), optionally one resort's. */
export async function clearInactiveScores(db: Conn, resortId?: number) {
  await db.execute(sql`
    update ${listings} set score = null, appraisal_per_point_cents = null
    where (score is not null or appraisal_per_point_cents is not null) and (listing_status_id <> ${LISTING_STATUS.active} or is_test)
    ${resortId === undefined ? sql`` : sql`and resort_id = ${resortId}`}`);
}
