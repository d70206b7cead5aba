import type { Tx } from "~/db/client.server";
import { agreementSignatures } from "~/db/schema";

export async function insertSignature(tx: Tx, values: typeof agreementSignatures.$inferInsert) {
  await tx.insert(agreementSignatures).values(values);
}
