CREATE TABLE "agreement_addenda" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'out_for_signature' NOT NULL,
	"created_by" text,
	"buyer_signed_at" timestamp with time zone,
	"seller_signed_at" timestamp with time zone,
	"sealed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdraw_reason" text,
	"document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_addendum_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"addendum_id" integer NOT NULL,
	"side" text NOT NULL,
	"signer_id" text NOT NULL,
	"legal_name" text NOT NULL,
	"method" text NOT NULL,
	"image_png" text,
	"initials" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "agreement_documents_sealed_sha_idx";--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "seller_foreign" boolean;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "seller_state_resident" boolean;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "seller_tax_declared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreement_addenda" ADD CONSTRAINT "agreement_addenda_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_addenda" ADD CONSTRAINT "agreement_addenda_document_id_agreement_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."agreement_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_addendum_signatures" ADD CONSTRAINT "agreement_addendum_signatures_addendum_id_agreement_addenda_id_fk" FOREIGN KEY ("addendum_id") REFERENCES "public"."agreement_addenda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_addenda_number_idx" ON "agreement_addenda" USING btree ("agreement_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_addendum_signatures_side_idx" ON "agreement_addendum_signatures" USING btree ("addendum_id","side");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_documents_sealed_sha_idx" ON "agreement_documents" USING btree ("sha256") WHERE kind in ('sealed_contract', 'addendum');