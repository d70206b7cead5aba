CREATE TABLE "activity_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"actor_id" text,
	"impersonator_id" text,
	"kind" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"summary" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "best_practices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inactive_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_activity" timestamp with time zone,
	"active_listings" integer NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "inactive_users" ADD CONSTRAINT "inactive_users_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_journal_user_idx" ON "activity_journal" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_journal_created_idx" ON "activity_journal" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_notifications_type_idx" ON "admin_notifications" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "login_activity_created_idx" ON "login_activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_activity_user_idx" ON "login_activity" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE FUNCTION "activity_journal_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity_journal is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_journal_no_change" BEFORE UPDATE OR DELETE ON "activity_journal"
  FOR EACH ROW EXECUTE FUNCTION "activity_journal_append_only"();
