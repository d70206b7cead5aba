CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"template" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text,
	"broker_id" integer,
	"resort_id" integer NOT NULL,
	"use_month" smallint NOT NULL,
	"points" integer NOT NULL,
	"price_per_point_cents" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"dues_paid_by" text NOT NULL,
	"closing_costs_paid_by" text NOT NULL,
	"financing" text NOT NULL,
	"deed_names" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_offer_id_unique" UNIQUE("offer_id")
);
--> statement-breakpoint
CREATE TABLE "offer_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"round" smallint NOT NULL,
	"proposed_by" text NOT NULL,
	"actor_id" text,
	"price_per_point_cents" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"dues_paid_by" text NOT NULL,
	"closing_costs_paid_by" text NOT NULL,
	"financing" text NOT NULL,
	"deed_names" jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text,
	"broker_id" integer,
	"status" text DEFAULT 'submitted' NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"points" integer NOT NULL,
	"price_per_point_cents" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"dues_paid_by" text NOT NULL,
	"closing_costs_paid_by" text NOT NULL,
	"financing" text NOT NULL,
	"deed_names" jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"asking_price_per_point_cents" integer NOT NULL,
	"appraisal_per_point_cents" integer,
	"low_offer_confirmed" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decline_reason" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_points_positive" CHECK ("offers"."points" > 0),
	CONSTRAINT "offers_price_positive" CHECK ("offers"."price_per_point_cents" > 0),
	CONSTRAINT "offers_round_positive" CHECK ("offers"."round" >= 1)
);
--> statement-breakpoint
CREATE TABLE "offers_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"user_id" text,
	"on_behalf_of" text,
	"event" text NOT NULL,
	"history_note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_request_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"reason" text NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resort_ids" integer[] DEFAULT '{}' NOT NULL,
	"min_points" integer,
	"max_points" integer,
	"use_months" smallint[] DEFAULT '{}' NOT NULL,
	"max_price_per_point_cents" integer,
	"budget_cents" integer,
	"needed_by" date,
	"notes" text DEFAULT '' NOT NULL,
	"closed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_rounds" ADD CONSTRAINT "offer_rounds_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers_logs" ADD CONSTRAINT "offers_logs_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_request_matches" ADD CONSTRAINT "special_request_matches_request_id_special_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."special_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_request_matches" ADD CONSTRAINT "special_request_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_requests" ADD CONSTRAINT "special_requests_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_one_open_per_listing" ON "agreements" USING btree ("listing_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "agreements_buyer_idx" ON "agreements" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "agreements_seller_idx" ON "agreements" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_rounds_offer_round_idx" ON "offer_rounds" USING btree ("offer_id","round");--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","status");--> statement-breakpoint
CREATE INDEX "offers_seller_idx" ON "offers" USING btree ("seller_id","status");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted_per_listing" ON "offers" USING btree ("listing_id") WHERE status = 'accepted';--> statement-breakpoint
CREATE INDEX "offers_logs_offer_idx" ON "offers_logs" USING btree ("offer_id","id");--> statement-breakpoint
CREATE INDEX "offers_logs_created_idx" ON "offers_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "special_request_matches_once" ON "special_request_matches" USING btree ("request_id","listing_id");--> statement-breakpoint
CREATE INDEX "special_requests_buyer_idx" ON "special_requests" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "special_requests_open_idx" ON "special_requests" USING btree ("status");--> statement-breakpoint
-- Issue 10: listing status 5, under contract (an accepted offer), beside the SPEC's 1, 3 and 9.
INSERT INTO "listing_statuses" ("id", "name") VALUES (5, 'under contract') ON CONFLICT DO NOTHING;
