ALTER TABLE "pages" ADD COLUMN "hero_text" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "cta_label" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "cta_href" text;