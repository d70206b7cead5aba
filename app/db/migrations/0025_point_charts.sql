CREATE TABLE "point_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"view_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"chart_year" smallint NOT NULL,
	"weekday_points" smallint NOT NULL,
	"weekend_points" smallint NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_data_unique" UNIQUE("resort_id","room_id","view_id","season_id","chart_year"),
	CONSTRAINT "point_data_points" CHECK ("point_data"."weekday_points" between 1 and 999 and "point_data"."weekend_points" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "point_seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"colour" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "point_seasons_name_unique" UNIQUE("name"),
	CONSTRAINT "point_seasons_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "point_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "point_views_name_unique" UNIQUE("name"),
	CONSTRAINT "point_views_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "resort_room_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"view_id" integer NOT NULL,
	"sqft" integer,
	CONSTRAINT "resort_room_views_unique" UNIQUE("resort_id","room_id","view_id"),
	CONSTRAINT "resort_room_views_sqft" CHECK ("resort_room_views"."sqft" is null or "resort_room_views"."sqft" between 100 and 10000)
);
--> statement-breakpoint
CREATE TABLE "season_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "season_ranges_resort_start_unique" UNIQUE("resort_id","start_date"),
	CONSTRAINT "season_ranges_order" CHECK ("season_ranges"."end_date" >= "season_ranges"."start_date"),
	CONSTRAINT "season_ranges_one_year" CHECK (extract(year from "season_ranges"."end_date") = extract(year from "season_ranges"."start_date"))
);
--> statement-breakpoint
ALTER TABLE "point_data" ADD CONSTRAINT "point_data_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_data" ADD CONSTRAINT "point_data_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_data" ADD CONSTRAINT "point_data_view_id_point_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."point_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_data" ADD CONSTRAINT "point_data_season_id_point_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."point_seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resort_room_views" ADD CONSTRAINT "resort_room_views_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resort_room_views" ADD CONSTRAINT "resort_room_views_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resort_room_views" ADD CONSTRAINT "resort_room_views_view_id_point_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."point_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_ranges" ADD CONSTRAINT "season_ranges_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_ranges" ADD CONSTRAINT "season_ranges_season_id_point_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."point_seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_data_lookup_idx" ON "point_data" USING btree ("resort_id","chart_year");--> statement-breakpoint
CREATE INDEX "season_ranges_resort_dates_idx" ON "season_ranges" USING btree ("resort_id","start_date","end_date");