import { boolean, date, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * Issue 33 (decision 0086): rules for automated visitors, set at /admin/bots/rules. A request whose user agent matches a
 * `block` rule (and no `allow` rule) is answered 403 before any page work (server.ts). `pattern`: a case-insensitive
 * substring, or with `*` a wildcard over the whole user agent.
 */
export const botRules = pgTable("bot_rules", {
  id: serial("id").primaryKey(),
  pattern: text("pattern").notNull(),
  /** "allow" or "block"; an allow rule wins over a block rule for the same agent. */
  action: text("action").notNull(),
  /** The 403's text for a block rule (empty: the default sentence). */
  message: text("message").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The user agents that reached the site (pages and calls, not build files), counted per UTC day: one row per
 * normalised user agent and day, upserted in batches (app/modules/bots/bot-agents.server.ts). A user agent that
 * claims to be a known crawler names it in `crawler`; `verified` says whether the address it came from belongs to
 * that crawler (reverse DNS, else the published ranges); null: not checked.
 */
export const botAgentDays = pgTable(
  "bot_agent_days",
  {
    id: serial("id").primaryKey(),
    userAgent: text("user_agent").notNull(),
    day: date("day").notNull(),
    hits: integer("hits").notNull().default(0),
    crawler: text("crawler"),
    verified: boolean("verified"),
    /** The address of the latest request counted (the one checked). */
    lastAddress: text("last_address"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("bot_agent_days_agent_day").on(t.userAgent, t.day), index("bot_agent_days_day_idx").on(t.day)],
);
