CREATE TABLE "mail_event_actions" (
	"event" text PRIMARY KEY NOT NULL,
	"template_key" text,
	"enabled" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "mail_event_actions" ADD CONSTRAINT "mail_event_actions_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;