CREATE TABLE "marketing_campaign_files" (
	"campaign_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "marketing_campaign_files_campaign_id_file_id_pk" PRIMARY KEY("campaign_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"title" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_campaign_files" ADD CONSTRAINT "marketing_campaign_files_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaign_files" ADD CONSTRAINT "marketing_campaign_files_file_id_marketing_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."marketing_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_files" ADD CONSTRAINT "marketing_files_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_campaign_files_file_idx" ON "marketing_campaign_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "marketing_files_created_at_idx" ON "marketing_files" USING btree ("created_at");