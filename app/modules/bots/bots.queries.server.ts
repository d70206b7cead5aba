import { asc, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { botAgentDays, botRules } from "~/db/schema";
import type { BotRule } from "./bots";

type Q = Db | Tx;

export async function selectBotRules(db: Q): Promise<BotRule[]> {
  const rows = await db
    .select({ id: botRules.id, pattern: botRules.pattern, action: botRules.action, message: botRules.message })
    .from(botRules)
    .orderBy(asc(botRules.id));
  return rows.map((r) => ({ ...r, action: r.action === "allow" ? "allow" : "block" }));
}

export type AgentDayRow = {
  userAgent: string;
  day: string;
  hits: number;
  crawler: string | null;
  verified: boolean | null;
  lastAddress: string | null;
  lastSeenAt: Date;
};

/** Adds the counts of a batch: one statement, one row per user agent and day. */
export async function upsertAgentDays(db: Q, rows: AgentDayRow[]) {
  if (rows.length === 0) return;
  await db
    .insert(botAgentDays)
    .values(rows)
    .onConflictDoUpdate({
      target: [botAgentDays.userAgent, botAgentDays.day],
      set: {
        hits: sql`${botAgentDays.hits} + excluded.hits`,
        crawler: sql`excluded.crawler`,
        verified: sql`coalesce(excluded.verified, ${botAgentDays.verified})`,
        lastAddress: sql`coalesce(excluded.last_address, ${botAgentDays.lastAddress})`,
        lastSeenAt: sql`greatest(excluded.last_seen_at, ${botAgentDays.lastSeenAt})`,
      },
    });
}

/** A new rule, as the Block button on the user agents list writes it (the rules screen writes through the engine). */
export async function insertBotRule(tx: Tx, rule: { pattern: string; action: "allow" | "block"; message: string }) {
  await tx.insert(botRules).values(rule);
}
