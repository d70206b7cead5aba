import type { Db, Tx } from "~/db/client.server";
import { deleteMailEventAction } from "./mail-events.queries.server";

/** Puts an event back to its default (its own template, switched on); the caller checks the right to change it. */
export function restoreMailEventDefault(db: Db | Tx, event: string) {
  return deleteMailEventAction(db, event);
}
