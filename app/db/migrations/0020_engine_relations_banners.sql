CREATE TABLE "header_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"detail_text" text,
	"text" text NOT NULL,
	"call_to_action_text" text NOT NULL,
	"call_to_action_link" text,
	"show_on_all_pages" boolean DEFAULT true NOT NULL,
	"background_color" text DEFAULT '#0c4a6e' NOT NULL,
	"text_color" text DEFAULT '#ffffff' NOT NULL,
	"font_size" integer DEFAULT 16 NOT NULL,
	"line_height" integer DEFAULT 150 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resort_rooms" (
	"resort_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	CONSTRAINT "resort_rooms_resort_id_room_id_pk" PRIMARY KEY("resort_id","room_id")
);
--> statement-breakpoint
ALTER TABLE "resort_rooms" ADD CONSTRAINT "resort_rooms_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resort_rooms" ADD CONSTRAINT "resort_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "header_banners_status_idx" ON "header_banners" USING btree ("status");--> statement-breakpoint
CREATE INDEX "resort_rooms_room_idx" ON "resort_rooms" USING btree ("room_id");