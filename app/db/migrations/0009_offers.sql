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
INSERT INTO "listing_statuses" ("id", "name") VALUES (5, 'under contract') ON CONFLICT DO NOTHING;
