CREATE TABLE "agreement_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"sealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"event" text NOT NULL,
	"section" smallint,
	"actor_id" text,
	"on_behalf_of" text,
	"ip_address" text,
	"user_agent" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"side" text NOT NULL,
	"signer_id" text NOT NULL,
	"legal_name" text NOT NULL,
	"method" text NOT NULL,
	"image_png" text,
	"initials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"resort_id" integer NOT NULL,
	"points" integer NOT NULL,
	"use_month" smallint NOT NULL,
	"price_per_point_cents" integer NOT NULL,
	"days_to_close" integer NOT NULL,
	"rofr_result" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_agreement_id_unique" UNIQUE("agreement_id")
);
--> statement-breakpoint
CREATE TABLE "title_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"wire_instructions" text DEFAULT '' NOT NULL,
	"states_served" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "title_company_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"resort_id" integer,
	"state" text,
	"closing_fee_cents" integer DEFAULT 0 NOT NULL,
	"recording_fee_cents" integer DEFAULT 0 NOT NULL,
	"title_search_cents" integer DEFAULT 0 NOT NULL,
	"estoppel_fee_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreements" ALTER COLUMN "status" SET DEFAULT 'created';--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "title_company_id" integer;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "deposit_cents" bigint;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "target_closing_date" date;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "sent_for_signature_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "buyer_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "seller_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "sealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "deposit_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "deposit_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "deposit_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "rofr_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "rofr_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "rofr_result" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "estoppel_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "closing_documents_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_documents" ADD CONSTRAINT "agreement_documents_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_events" ADD CONSTRAINT "agreement_events_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_company_costs" ADD CONSTRAINT "title_company_costs_company_id_title_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."title_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_company_costs" ADD CONSTRAINT "title_company_costs_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_documents_agreement_idx" ON "agreement_documents" USING btree ("agreement_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_documents_sealed_sha_idx" ON "agreement_documents" USING btree ("sha256") WHERE kind = 'sealed_contract';--> statement-breakpoint
CREATE INDEX "agreement_events_agreement_idx" ON "agreement_events" USING btree ("agreement_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signatures_side_idx" ON "agreement_signatures" USING btree ("agreement_id","side");--> statement-breakpoint
CREATE INDEX "sales_resort_closed_idx" ON "sales" USING btree ("resort_id","closed_at");--> statement-breakpoint
CREATE INDEX "title_company_costs_company_idx" ON "title_company_costs" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_title_company_id_title_companies_id_fk" FOREIGN KEY ("title_company_id") REFERENCES "public"."title_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_status_idx" ON "agreements" USING btree ("status","updated_at");--> statement-breakpoint
UPDATE "agreements" SET "status" = 'created' WHERE "status" = 'open';--> statement-breakpoint
INSERT INTO "listing_statuses" ("id", "name") VALUES (7, 'sold') ON CONFLICT DO NOTHING;
