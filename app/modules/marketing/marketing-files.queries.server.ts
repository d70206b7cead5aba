import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { type MailAttachment, marketingCampaignFiles, marketingCampaigns, marketingFiles } from "~/db/schema";

type Q = Db | Tx;

/** The marketing file library's and the attachments' own queries (decision 0091). */

/** The campaigns not yet sent (draft, scheduled or sending) that attach a file: its delete is refused while any is. */
export async function selectUnsentCampaignsAttaching(db: Q, fileId: number) {
  return db
    .select({ id: marketingCampaigns.id, name: marketingCampaigns.name, status: marketingCampaigns.status })
    .from(marketingCampaignFiles)
    .innerJoin(marketingCampaigns, eq(marketingCampaigns.id, marketingCampaignFiles.campaignId))
    .where(
      and(
        eq(marketingCampaignFiles.fileId, fileId),
        inArray(marketingCampaigns.status, ["draft", "scheduled", "sending"]),
      ),
    )
    .orderBy(asc(marketingCampaigns.name));
}

/** The total size in bytes of the library files with these ids, and how many of them exist. */
export async function sumFileSizes(db: Q, ids: number[]) {
  if (ids.length === 0) return { bytes: 0, found: 0 };
  const [row] = await db
    .select({
      bytes: sql<number>`coalesce(sum(${marketingFiles.byteSize}), 0)::int`,
      found: sql<number>`count(*)::int`,
    })
    .from(marketingFiles)
    .where(inArray(marketingFiles.id, ids));
  return { bytes: Number(row?.bytes ?? 0), found: Number(row?.found ?? 0) };
}

/** A campaign's attachments as its mails reference them (storage key, name, type, size), in title order. */
export async function selectCampaignAttachments(db: Q, campaignId: number): Promise<MailAttachment[]> {
  return db
    .select({
      key: marketingFiles.storageKey,
      filename: marketingFiles.originalName,
      contentType: marketingFiles.contentType,
      size: marketingFiles.byteSize,
    })
    .from(marketingCampaignFiles)
    .innerJoin(marketingFiles, eq(marketingFiles.id, marketingCampaignFiles.fileId))
    .where(eq(marketingCampaignFiles.campaignId, campaignId))
    .orderBy(asc(marketingFiles.title), asc(marketingFiles.id));
}

export async function selectFileByKey(db: Q, storageKey: string) {
  const [row] = await db.select().from(marketingFiles).where(eq(marketingFiles.storageKey, storageKey));
  return row ?? null;
}
