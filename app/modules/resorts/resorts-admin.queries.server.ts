import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { listings, resorts } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";

type Conn = Db | Tx;

const factColumns = {
  id: resorts.id,
  code: resorts.code,
  name: resorts.name,
  duesPerPointCents: resorts.duesPerPointCents,
  contractEndYear: resorts.contractEndYear,
  extendedEndYear: resorts.extendedEndYear,
  endYearUnverified: resorts.endYearUnverified,
};

/** Every resort that has dues and an end year (the interval-resorts entry has neither), with its active listings. */
export function selectResortFacts(db: Conn) {
  return db
    .select({ ...factColumns, activeListings: count(listings.id) })
    .from(resorts)
    .leftJoin(
      listings,
      and(
        eq(listings.resortId, resorts.id),
        eq(listings.listingStatusId, LISTING_STATUS.active),
        eq(listings.isTest, false),
      ),
    )
    .where(eq(resorts.isInterval, false))
    .groupBy(resorts.id)
    .orderBy(asc(resorts.sortOrder), asc(resorts.name));
}

/** One resort by code (any case), not the interval entry; `forUpdate` locks the row inside a transaction. */
export function selectResortFactsByCode(db: Conn, code: string, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select(factColumns)
    .from(resorts)
    .where(and(eq(sql`upper(${resorts.code})`, code.toUpperCase()), eq(resorts.isInterval, false)))
    .limit(1);
  return opts.forUpdate ? q.for("update") : q;
}

export function countActiveListings(db: Conn, resortId: number) {
  return db
    .select({ n: count() })
    .from(listings)
    .where(
      and(
        eq(listings.resortId, resortId),
        eq(listings.listingStatusId, LISTING_STATUS.active),
        eq(listings.isTest, false),
      ),
    );
}

export function updateResortFactsRow(
  db: Conn,
  id: number,
  values: {
    duesPerPointCents: number;
    contractEndYear: number;
    extendedEndYear: number | null;
    endYearUnverified: boolean;
  },
) {
  return db.update(resorts).set(values).where(eq(resorts.id, id));
}
