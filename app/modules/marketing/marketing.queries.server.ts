import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import {
  listings,
  type MarketingSegment,
  marketingCampaigns,
  marketingRecipients,
  marketingTemplates,
  marketingUnsubscribes,
  mailOutbox,
  offers,
  specialRequests,
  subscribers,
  user,
  userFavorites,
} from "~/db/schema";

type Q = Db | Tx;
export type { MarketingSegment };

/**
 * An address that asked for no more marketing mail, here or through the newsletter's own unsubscribe link. The
 * subscribers table is aliased: `email` may itself be a column of subscribers (the subscribers segment).
 */
function unsubscribed(email: SQL) {
  return sql`(exists (select 1 from ${marketingUnsubscribes} where ${marketingUnsubscribes.email} = lower(${email}))
    or exists (select 1 from subscribers as unsub where unsub.type = 'email' and lower(unsub.contact) = lower(${email}) and unsub.unsubscribed_at is not null))`;
}

/** An account that may get marketing mail: not deleted, not suspended (banned). */
const activeUser = sql`${user.deletedAt} is null and coalesce(${user.banned}, false) = false`;

/**
 * The select of a segment's recipients: one row per lower-case address (email, first_name, user_id). `resortId` is
 * the resort of the "favourited-resort" segment (decision 0092); without it that segment reaches nobody.
 */
function segmentSelect(segment: MarketingSegment, resortId: number | null = null): SQL {
  const firstName = sql`nullif(split_part(trim(${user.name}), ' ', 1), '')`;
  if (segment === "subscribers") {
    return sql`select distinct on (lower(${subscribers.contact})) lower(${subscribers.contact}) as email, ${firstName} as first_name, ${user.id} as user_id
      from ${subscribers} left join ${user} on lower(${user.email}) = lower(${subscribers.contact})
      where ${subscribers.type} = 'email' and ${subscribers.confirmedAt} is not null and ${subscribers.unsubscribedAt} is null
        and (${user.id} is null or (${activeUser}))
        and not ${unsubscribed(sql`${subscribers.contact}`)}
      order by lower(${subscribers.contact})`;
  }
  const has =
    segment === "buyers"
      ? sql`exists (select 1 from ${offers} where ${offers.buyerId} = ${user.id})`
      : segment === "sellers"
        ? sql`exists (select 1 from ${listings} where ${listings.sellerId} = ${user.id})`
        : segment === "favourited-resort"
          ? sql`exists (select 1 from ${userFavorites} join ${listings} on ${listings.id} = ${userFavorites.listingId}
              where ${userFavorites.userId} = ${user.id} and ${userFavorites.removedAt} is null
                and ${listings.resortId} = ${resortId ?? 0})`
          : sql`exists (select 1 from ${specialRequests} where ${specialRequests.buyerId} = ${user.id})`;
  return sql`select distinct on (lower(${user.email})) lower(${user.email}) as email, ${firstName} as first_name, ${user.id} as user_id
    from ${user} where ${activeUser} and ${has} and not ${unsubscribed(sql`${user.email}`)}
    order by lower(${user.email})`;
}

export async function countSegment(db: Q, segment: MarketingSegment, resortId: number | null = null): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (${segmentSelect(segment, resortId)}) s`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Writes the campaign's recipients from its segment, once (an address already there is kept as it is). */
export async function insertRecipients(
  tx: Tx,
  campaignId: number,
  segment: MarketingSegment,
  resortId: number | null = null,
) {
  await tx.execute(sql`insert into ${marketingRecipients} (campaign_id, email, first_name, user_id)
    select ${campaignId}, s.email, s.first_name, s.user_id from (${segmentSelect(segment, resortId)}) s
    on conflict (campaign_id, email) do nothing`);
}

export async function selectCampaign(db: Q, id: number) {
  const [row] = await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, id));
  return row ?? null;
}

export async function selectTemplate(db: Q, id: number) {
  const [row] = await db.select().from(marketingTemplates).where(eq(marketingTemplates.id, id));
  return row ?? null;
}

/** Moves a campaign from one of `from` to `to` (a conditional update: a raced transition applies once). */
export async function transitionCampaign(
  db: Q,
  id: number,
  from: string[],
  to: (typeof marketingCampaigns.$inferSelect)["status"],
  extra: Partial<typeof marketingCampaigns.$inferInsert> = {},
) {
  const rows = await db
    .update(marketingCampaigns)
    .set({ status: to, ...extra })
    .where(and(eq(marketingCampaigns.id, id), inArray(marketingCampaigns.status, from as never[])))
    .returning({ id: marketingCampaigns.id });
  return rows.length === 1;
}

/** Marks skipped the pending recipients who unsubscribed since the send started (checked before every batch). */
export async function skipUnsubscribed(db: Q, campaignId: number) {
  await db
    .update(marketingRecipients)
    .set({ status: "skipped" })
    .where(
      and(
        eq(marketingRecipients.campaignId, campaignId),
        eq(marketingRecipients.status, "pending"),
        unsubscribed(sql`${marketingRecipients.email}`),
      ),
    );
}

export async function selectPendingRecipients(db: Q, campaignId: number, limit: number) {
  return db
    .select()
    .from(marketingRecipients)
    .where(and(eq(marketingRecipients.campaignId, campaignId), eq(marketingRecipients.status, "pending")))
    .orderBy(asc(marketingRecipients.id))
    .limit(limit);
}

/** Claims a pending recipient (pending -> sent) inside the transaction that writes its mail; false when taken. */
export async function claimRecipient(tx: Tx, id: number) {
  const rows = await tx
    .update(marketingRecipients)
    .set({ status: "sent", sentAt: new Date() })
    .where(and(eq(marketingRecipients.id, id), eq(marketingRecipients.status, "pending")))
    .returning({ id: marketingRecipients.id });
  return rows.length === 1;
}

export async function setRecipientOutbox(tx: Tx, id: number, outboxId: number) {
  await tx.update(marketingRecipients).set({ outboxId }).where(eq(marketingRecipients.id, id));
}

export async function insertUnsubscribe(db: Q, email: string, campaignId: number | null) {
  await db.insert(marketingUnsubscribes).values({ email: email.toLowerCase(), campaignId }).onConflictDoNothing();
  await db
    .update(subscribers)
    .set({ unsubscribedAt: new Date() })
    .where(
      and(
        eq(subscribers.type, "email"),
        sql`lower(${subscribers.contact}) = ${email.toLowerCase()}`,
        isNull(subscribers.unsubscribedAt),
      ),
    );
}

export async function countOpen(db: Q, recipientId: number) {
  await db
    .update(marketingRecipients)
    .set({
      opens: sql`${marketingRecipients.opens} + 1`,
      firstOpenedAt: sql`coalesce(${marketingRecipients.firstOpenedAt}, now())`,
    })
    .where(and(eq(marketingRecipients.id, recipientId), eq(marketingRecipients.status, "sent")));
}

export async function countClick(db: Q, recipientId: number) {
  await db
    .update(marketingRecipients)
    .set({
      clicks: sql`${marketingRecipients.clicks} + 1`,
      firstClickedAt: sql`coalesce(${marketingRecipients.firstClickedAt}, now())`,
      // A click shows the mail was opened even when its images were not loaded.
      firstOpenedAt: sql`coalesce(${marketingRecipients.firstOpenedAt}, now())`,
    })
    .where(and(eq(marketingRecipients.id, recipientId), eq(marketingRecipients.status, "sent")));
}

export type CampaignStats = {
  id: number;
  name: string;
  status: string;
  recipients: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
};

/**
 * Per campaign: recipients written, mails sent (outbox written), delivered (the outbox kept or SMTP accepted it),
 * opened and clicked (distinct recipients).
 */
export async function selectCampaignStats(db: Q, limit = 50): Promise<CampaignStats[]> {
  const r = marketingRecipients;
  const rows = await db
    .select({
      id: marketingCampaigns.id,
      name: marketingCampaigns.name,
      status: marketingCampaigns.status,
      recipients: sql<number>`count(${r.id})::int`,
      sent: sql<number>`count(*) filter (where ${r.status} = 'sent')::int`,
      delivered: sql<number>`count(*) filter (where ${mailOutbox.status} in ('sent', 'kept'))::int`,
      opened: sql<number>`count(*) filter (where ${r.firstOpenedAt} is not null)::int`,
      clicked: sql<number>`count(*) filter (where ${r.firstClickedAt} is not null)::int`,
    })
    .from(marketingCampaigns)
    .leftJoin(r, eq(r.campaignId, marketingCampaigns.id))
    .leftJoin(mailOutbox, eq(mailOutbox.id, r.outboxId))
    .groupBy(marketingCampaigns.id)
    .orderBy(sql`${marketingCampaigns.id} desc`)
    .limit(limit);
  return rows;
}

/** Campaigns and templates by name, newest first (the preview screen's choices). */
export async function selectPreviewChoices(db: Q) {
  const [campaigns, templates] = await Promise.all([
    db
      .select({ id: marketingCampaigns.id, name: marketingCampaigns.name })
      .from(marketingCampaigns)
      .orderBy(sql`${marketingCampaigns.id} desc`)
      .limit(200),
    db
      .select({ id: marketingTemplates.id, name: marketingTemplates.name })
      .from(marketingTemplates)
      .orderBy(sql`${marketingTemplates.id} desc`)
      .limit(200),
  ]);
  return { campaigns, templates };
}
