CREATE TABLE "market_monthly" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"month" date NOT NULL,
	"listed_count" integer DEFAULT 0 NOT NULL,
	"asking_median_cents" integer,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"sold_points" integer DEFAULT 0 NOT NULL,
	"sold_median_cents" integer,
	"median_days_on_market" integer,
	"rofr_waived" integer DEFAULT 0 NOT NULL,
	"rofr_exercised" integer DEFAULT 0 NOT NULL,
	"average_cents" integer,
	"corrected_average_cents" integer,
	"correction_note" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_monthly_correction_positive" CHECK ("market_monthly"."corrected_average_cents" is null or "market_monthly"."corrected_average_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "resort_membership_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"value_per_point_cents" integer NOT NULL,
	"as_of" date NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resort_membership_values_positive" CHECK ("resort_membership_values"."value_per_point_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "market_monthly" ADD CONSTRAINT "market_monthly_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resort_membership_values" ADD CONSTRAINT "resort_membership_values_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_monthly_resort_month" ON "market_monthly" USING btree ("resort_id","month");--> statement-breakpoint
CREATE INDEX "market_monthly_month_idx" ON "market_monthly" USING btree ("month");--> statement-breakpoint
CREATE INDEX "resort_membership_values_resort_idx" ON "resort_membership_values" USING btree ("resort_id","as_of");