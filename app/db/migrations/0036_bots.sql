CREATE TABLE "bot_agent_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_agent" text NOT NULL,
	"day" date NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"crawler" text,
	"verified" boolean,
	"last_address" text,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_agent_days_agent_day" UNIQUE("user_agent","day")
);
--> statement-breakpoint
CREATE TABLE "bot_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL,
	"action" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bot_agent_days_day_idx" ON "bot_agent_days" USING btree ("day");