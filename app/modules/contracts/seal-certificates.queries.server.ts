import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { settings } from "~/db/schema";

/** The settings row that lists every certificate the site has sealed with (decision 0063). */
export const SEAL_CERTIFICATES_KEY = "seal_certificates";

export type SealCertificateRow = { fingerprint256: string; name: string; firstSeenAt: string };

export async function selectSealCertificates(db: Db | Tx): Promise<SealCertificateRow[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SEAL_CERTIFICATES_KEY));
  return Array.isArray(row?.value) ? (row.value as SealCertificateRow[]) : [];
}

/**
 * Adds a certificate to the list unless it is there: one statement, so processes starting together each add theirs
 * and none is lost (the conflicting insert locks the row and appends to what is there then).
 */
export async function insertSealCertificate(db: Db | Tx, entry: SealCertificateRow) {
  const item = JSON.stringify([entry]);
  const probe = JSON.stringify([{ fingerprint256: entry.fingerprint256 }]);
  await db.execute(sql`
    insert into settings (key, value) values (${SEAL_CERTIFICATES_KEY}, ${item}::jsonb)
    on conflict (key) do update set value = settings.value || excluded.value, updated_at = now()
    where not settings.value @> ${probe}::jsonb`);
}
