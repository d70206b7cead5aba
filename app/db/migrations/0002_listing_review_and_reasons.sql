ALTER TABLE "listings" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "deactivation_reason_id" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "deactivation_reason_text" text;