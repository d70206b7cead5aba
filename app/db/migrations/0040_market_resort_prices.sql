CREATE TABLE "market_resort_prices" (
	"resort_id" integer PRIMARY KEY NOT NULL,
	"asking_median_cents" integer,
	"asking_count" integer DEFAULT 0 NOT NULL,
	"sold_median_cents" integer,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"sold_since" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_resort_prices" ADD CONSTRAINT "market_resort_prices_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;