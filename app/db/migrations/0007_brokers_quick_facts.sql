ALTER TABLE "brokers" ADD COLUMN "logo_path" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "commission_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- "pending_closings" is now counted from the data (issue 9): the typed-in "Typical closing" text it held goes.
UPDATE "quick_facts" SET "title" = 'Contracts under contract', "value" = '' WHERE "key" = 'pending_closings';
