CREATE TABLE "resource_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"row_key" text NOT NULL,
	"version" integer NOT NULL,
	"values" jsonb NOT NULL,
	"saved_by" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_revisions" ADD CONSTRAINT "resource_revisions_saved_by_user_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_revisions_row_version" ON "resource_revisions" USING btree ("resource","row_key","version");