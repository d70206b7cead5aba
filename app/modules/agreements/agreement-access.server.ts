import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { isAdministrator, ownSide } from "~/modules/offers/offers.rules";
import { selectAgreement } from "./agreements.queries.server";

/**
 * The agreement, when the actor is one of its parties or an administrator; anyone else is told it does not exist
 * (nobody else learns that an agreement exists).
 */
export async function visibleAgreement(db: Db | Tx, actor: Viewer, id: number) {
  const row = await selectAgreement(db, id);
  if (!row || (ownSide(actor, row) === null && !isAdministrator(actor))) {
    throw new AppError("NOT_FOUND", "This agreement does not exist.");
  }
  return row;
}
