import { and, asc, count, eq, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { agreements, resorts, titleCompanies, titleCompanyCosts } from "~/db/schema";

type Conn = Db | Tx;

export type TitleCompanyRow = typeof titleCompanies.$inferSelect;
export type TitleCompanyCostRow = typeof titleCompanyCosts.$inferSelect;

/** Agreement states in which the title company's work is over (it may then be deleted). */
const FINISHED = ["closed", "cancelled"] as const;

/**
 * Serializes every change of the default company (one transaction at a time), so two saves marking different
 * companies as the default cannot both win. Released at the end of the transaction.
 */
export async function lockDefaultChoice(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('title_companies.is_default'))`);
}

/** The live default company other than `exceptId`, if any. */
export async function selectOtherDefault(db: Conn, exceptId: number | null) {
  const [row] = await db
    .select({ id: titleCompanies.id, name: titleCompanies.name })
    .from(titleCompanies)
    .where(
      and(
        eq(titleCompanies.isDefault, true),
        isNull(titleCompanies.deletedAt),
        exceptId === null ? undefined : ne(titleCompanies.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Clears the default flag of every company but `exceptId`. */
export async function clearOtherDefaults(tx: Tx, exceptId: number | null) {
  await tx
    .update(titleCompanies)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(titleCompanies.isDefault, true), exceptId === null ? undefined : ne(titleCompanies.id, exceptId)));
}

export async function markDefault(tx: Tx, id: number) {
  await tx.update(titleCompanies).set({ isDefault: true, updatedAt: new Date() }).where(eq(titleCompanies.id, id));
}

export async function softDeleteCompany(tx: Tx, id: number) {
  const now = new Date();
  await tx.update(titleCompanies).set({ deletedAt: now, updatedAt: now }).where(eq(titleCompanies.id, id));
}

/** One live company, locked for a change. */
export async function selectLiveCompanyForUpdate(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(titleCompanies)
    .where(and(eq(titleCompanies.id, id), isNull(titleCompanies.deletedAt)))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** How many agreements still in progress (neither closed nor cancelled) use the company. */
export async function countOpenAgreementsOf(db: Conn, companyId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(agreements)
    .where(and(eq(agreements.titleCompanyId, companyId), notInArray(agreements.status, [...FINISHED])));
  return Number(row?.n ?? 0);
}

/** The live default company (the oldest one, should a race ever leave two). */
export async function selectDefaultCompany(db: Conn) {
  const [row] = await db
    .select()
    .from(titleCompanies)
    .where(and(eq(titleCompanies.isDefault, true), isNull(titleCompanies.deletedAt)))
    .orderBy(asc(titleCompanies.id))
    .limit(1);
  return row ?? null;
}

export async function selectLiveCompany(db: Conn, id: number) {
  const [row] = await db
    .select()
    .from(titleCompanies)
    .where(and(eq(titleCompanies.id, id), isNull(titleCompanies.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Every cost row of one company. */
export async function selectCostRows(db: Conn, companyId: number) {
  return db.select().from(titleCompanyCosts).where(eq(titleCompanyCosts.companyId, companyId));
}

export async function selectResortLocation(db: Conn, resortId: number) {
  const [row] = await db.select({ location: resorts.location }).from(resorts).where(eq(resorts.id, resortId)).limit(1);
  return row?.location ?? null;
}

/** Another cost row of the same company for the same resort and state (both null: the general row). */
export async function selectSameCostRow(
  db: Conn,
  args: { companyId: number; resortId: number | null; state: string | null; exceptId: number | null },
) {
  const [row] = await db
    .select({ id: titleCompanyCosts.id })
    .from(titleCompanyCosts)
    .where(
      and(
        eq(titleCompanyCosts.companyId, args.companyId),
        args.resortId === null ? isNull(titleCompanyCosts.resortId) : eq(titleCompanyCosts.resortId, args.resortId),
        args.state === null ? isNull(titleCompanyCosts.state) : eq(titleCompanyCosts.state, args.state),
        args.exceptId === null ? undefined : ne(titleCompanyCosts.id, args.exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}
