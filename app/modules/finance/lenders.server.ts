import type { Db, Tx } from "~/db/client.server";
import type { PublicLender } from "./lenders";
import { selectActiveLenders } from "./lenders.queries.server";

/** The lenders /dvc-financing lists (active ones, in the administrator's order) and when the list last changed. */
export function listActiveLenders(db: Db | Tx): Promise<{ lenders: PublicLender[]; updatedOn: string | null }> {
  return selectActiveLenders(db);
}
