CREATE TABLE "resort_dining" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resort_dining_kind" CHECK ("resort_dining"."kind" in ('table-service', 'quick-service', 'lounge'))
);
--> statement-breakpoint
ALTER TABLE "resorts" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "resorts" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "resorts" ADD COLUMN "opening_year" smallint;--> statement-breakpoint
ALTER TABLE "resorts" ADD COLUMN "home_booking_months" smallint DEFAULT 11 NOT NULL;--> statement-breakpoint
ALTER TABLE "resorts" ADD COLUMN "other_booking_months" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "resorts" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "resort_dining" ADD CONSTRAINT "resort_dining_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resort_dining_resort_idx" ON "resort_dining" USING btree ("resort_id","sort_order");