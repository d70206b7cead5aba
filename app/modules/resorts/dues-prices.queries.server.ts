import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { disneyRetailPrices, resortDues, resorts } from "~/db/schema";

export type DuesRow = {
  resortId: number;
  year: number;
  duesPerPointCents: number;
  source: string;
  estimated: boolean;
};

/** Writes a resort's row for a year (insert, or replace the year's figure). */
export async function upsertDuesRow(tx: Db | Tx, row: DuesRow) {
  await tx
    .insert(resortDues)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [resortDues.resortId, resortDues.year],
      set: {
        duesPerPointCents: row.duesPerPointCents,
        source: row.source,
        estimated: row.estimated,
        updatedAt: new Date(),
      },
    });
}

/** Another row of the resort for the same year (not `exceptId`), if any. */
export async function selectSameDuesYear(tx: Db | Tx, resortId: number, year: number, exceptId: number | null) {
  const [row] = await tx
    .select({ id: resortDues.id })
    .from(resortDues)
    .where(
      and(
        eq(resortDues.resortId, resortId),
        eq(resortDues.year, year),
        exceptId === null ? undefined : ne(resortDues.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The resort's latest row on record other than `exceptId`. */
export async function selectLatestDues(tx: Db | Tx, resortId: number, exceptId: number | null) {
  const [row] = await tx
    .select({
      year: resortDues.year,
      duesPerPointCents: resortDues.duesPerPointCents,
      source: resortDues.source,
      estimated: resortDues.estimated,
    })
    .from(resortDues)
    .where(and(eq(resortDues.resortId, resortId), exceptId === null ? undefined : ne(resortDues.id, exceptId)))
    .orderBy(desc(resortDues.year))
    .limit(1);
  return row ?? null;
}

/** Sets the resort's current dues (the figure the annual-dues screen and the listing scores read). */
export async function updateResortCurrentDues(
  tx: Db | Tx,
  resortId: number,
  row: { year: number; duesPerPointCents: number; source: string; estimated: boolean } | null,
) {
  await tx
    .update(resorts)
    .set(
      row
        ? {
            duesPerPointCents: row.duesPerPointCents,
            duesYear: row.year,
            duesSource: row.source,
            duesEstimated: row.estimated,
          }
        : { duesPerPointCents: null, duesYear: null, duesSource: null, duesEstimated: false },
    )
    .where(eq(resorts.id, resortId));
}

export async function selectResortExists(tx: Db | Tx, resortId: number) {
  const [row] = await tx
    .select({ id: resorts.id })
    .from(resorts)
    .where(and(eq(resorts.id, resortId), eq(resorts.isInterval, false)))
    .limit(1);
  return Boolean(row);
}

export async function selectSameRetailDate(tx: Db | Tx, resortId: number, pricedOn: string, exceptId: number | null) {
  const [row] = await tx
    .select({ id: disneyRetailPrices.id })
    .from(disneyRetailPrices)
    .where(
      and(
        eq(disneyRetailPrices.resortId, resortId),
        eq(disneyRetailPrices.pricedOn, pricedOn),
        exceptId === null ? undefined : ne(disneyRetailPrices.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The resorts with a point-based contract (not the interval-resorts entry), in their order. */
export async function selectPointResorts(db: Db | Tx) {
  return db
    .select({
      id: resorts.id,
      code: resorts.code,
      name: resorts.name,
      slug: resorts.slug,
      contractEndYear: resorts.contractEndYear,
      extendedEndYear: resorts.extendedEndYear,
      endYearSource: resorts.endYearSource,
      duesPerPointCents: resorts.duesPerPointCents,
      duesYear: resorts.duesYear,
      duesSource: resorts.duesSource,
      duesEstimated: resorts.duesEstimated,
    })
    .from(resorts)
    .where(eq(resorts.isInterval, false))
    .orderBy(asc(resorts.sortOrder), asc(resorts.id));
}

/** Every dues row (or one resort's), by resort and year. */
export async function selectDuesHistory(db: Db | Tx, resortId?: number) {
  return db
    .select({
      resortId: resortDues.resortId,
      year: resortDues.year,
      duesPerPointCents: resortDues.duesPerPointCents,
      source: resortDues.source,
      estimated: resortDues.estimated,
      updatedAt: resortDues.updatedAt,
    })
    .from(resortDues)
    .where(resortId === undefined ? undefined : eq(resortDues.resortId, resortId))
    .orderBy(asc(resortDues.resortId), asc(resortDues.year));
}

/** Every direct price on record, by resort and date. */
export async function selectRetailPrices(db: Db | Tx) {
  return db
    .select({
      resortId: disneyRetailPrices.resortId,
      pricedOn: disneyRetailPrices.pricedOn,
      pricePerPointCents: disneyRetailPrices.pricePerPointCents,
      source: disneyRetailPrices.source,
    })
    .from(disneyRetailPrices)
    .orderBy(asc(disneyRetailPrices.resortId), asc(disneyRetailPrices.pricedOn));
}

/** The newest change to the dues or retail tables (the pages' "data as of"). */
export async function selectDataDates(db: Db | Tx) {
  const [row] = await db
    .select({
      dues: sql<Date | null>`(select max(updated_at) from resort_dues)`,
      retail: sql<Date | null>`(select max(updated_at) from disney_retail_prices)`,
    })
    .from(sql`(select 1) as one`);
  return {
    dues: row?.dues ? new Date(row.dues) : null,
    retail: row?.retail ? new Date(row.retail) : null,
  };
}
