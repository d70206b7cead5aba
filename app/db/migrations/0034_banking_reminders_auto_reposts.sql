CREATE TABLE "banking_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"seller_id" text NOT NULL,
	"use_year" smallint NOT NULL,
	"lead_days" smallint NOT NULL,
	"deadline" date NOT NULL,
	"points" integer NOT NULL,
	"mail_id" integer NOT NULL,
	"sms_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "auto_repost_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "last_repost_kind" text;--> statement-breakpoint
ALTER TABLE "banking_reminders" ADD CONSTRAINT "banking_reminders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_reminders" ADD CONSTRAINT "banking_reminders_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banking_reminders_once" ON "banking_reminders" USING btree ("listing_id","use_year","lead_days");--> statement-breakpoint
-- Reposts made before issue 33 were all made by an administrator.
UPDATE "listings" SET "last_repost_kind" = 'manual' WHERE "repost_count" > 0;
