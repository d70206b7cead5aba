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
ALTER TABLE "special_request_matches" ADD CONSTRAINT "special_request_matches_request_id_special_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."special_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_request_matches" ADD CONSTRAINT "special_request_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_requests" ADD CONSTRAINT "special_requests_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "special_request_matches_once" ON "special_request_matches" USING btree ("request_id","listing_id");--> statement-breakpoint
CREATE INDEX "special_requests_buyer_idx" ON "special_requests" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "special_requests_open_idx" ON "special_requests" USING btree ("status");