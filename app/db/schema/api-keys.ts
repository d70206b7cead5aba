import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Keys partners use to read the JSON feeds (issue 33): issued and revoked at /admin/apis. The secret is shown once,
 * when issued; only its SHA-256 is kept (`secret_hash`), with its first characters (`prefix`) to tell keys apart.
 */
export const apiKeys = pgTable("api_keys", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  prefix: text("prefix").notNull().unique(),
  secretHash: text("secret_hash").notNull().unique(),
  /** What the key may read: "listings:read", "market:read". */
  scopes: text("scopes").array().notNull(),
  /** Requests a minute the key may make; more are answered 429. */
  perMinute: integer("per_minute").notNull().default(60),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

/** Every request made with a key (refused ones too, but for an unknown key): when, what, the answer's status. */
export const apiKeyUses = pgTable(
  "api_key_uses",
  {
    id: serial("id").primaryKey(),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_key_uses_key_idx").on(t.keyId, t.usedAt)],
);
