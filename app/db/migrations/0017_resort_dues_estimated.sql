ALTER TABLE "resorts" ADD COLUMN "dues_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 27: the figures seeded before this column are estimates (grown from 2022 dues or guessed), never published ones.
UPDATE "resorts" SET "dues_estimated" = true WHERE "dues_per_point_cents" IS NOT NULL AND "dues_source" ILIKE 'our estimate%';
