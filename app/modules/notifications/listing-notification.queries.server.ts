import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { listings, resorts } from "~/db/schema";

/** What names a listing to a person (issue 27): its resort's name and its contract points. Read only. */
export async function selectListingNameFacts(tx: Db | Tx, listingId: number) {
  const [row] = await tx
    .select({ resortName: resorts.name, contractPoints: listings.contractPoints })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .where(eq(listings.id, listingId));
  return row ?? null;
}
