import { asc, eq, max } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { lenders } from "~/db/schema";
import type { PublicLender } from "./lenders";

/** The active lenders in the administrator's order, and when the list last changed (public data). */
export async function selectActiveLenders(db: Db | Tx): Promise<{ lenders: PublicLender[]; updatedOn: string | null }> {
  const [rows, [last]] = await Promise.all([
    db
      .select({
        id: lenders.id,
        name: lenders.name,
        website: lenders.website,
        phone: lenders.phone,
        aprMinPercent: lenders.aprMinPercent,
        aprMaxPercent: lenders.aprMaxPercent,
        termMinYears: lenders.termMinYears,
        termMaxYears: lenders.termMaxYears,
        minLoanCents: lenders.minLoanCents,
        downPaymentPercent: lenders.downPaymentPercent,
        notes: lenders.notes,
        isDemo: lenders.isDemo,
      })
      .from(lenders)
      .where(eq(lenders.isActive, true))
      .orderBy(asc(lenders.sortOrder), asc(lenders.id)),
    db
      .select({ at: max(lenders.updatedAt) })
      .from(lenders)
      .where(eq(lenders.isActive, true)),
  ]);
  return {
    lenders: rows.map((r) => ({ ...r, website: /^https:\/\//.test(r.website ?? "") ? r.website : null })),
    updatedOn: last?.at ? new Date(last.at).toISOString().slice(0, 10) : null,
  };
}
