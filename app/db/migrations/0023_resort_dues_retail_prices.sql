CREATE TABLE "disney_retail_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"priced_on" date NOT NULL,
	"price_per_point_cents" integer NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disney_retail_prices_resort_date_uq" UNIQUE("resort_id","priced_on")
);
--> statement-breakpoint
CREATE TABLE "resort_dues" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"dues_per_point_cents" integer NOT NULL,
	"source" text NOT NULL,
	"estimated" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resort_dues_resort_year_uq" UNIQUE("resort_id","year")
);
--> statement-breakpoint
ALTER TABLE "disney_retail_prices" ADD CONSTRAINT "disney_retail_prices_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resort_dues" ADD CONSTRAINT "resort_dues_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disney_retail_prices_resort_idx" ON "disney_retail_prices" USING btree ("resort_id","priced_on");