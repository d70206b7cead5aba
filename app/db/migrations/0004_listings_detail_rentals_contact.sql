CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"listing_id" integer,
	"user_id" text,
	"mail_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_code" text NOT NULL,
	"source" text NOT NULL,
	"seller_id" text,
	"broker_id" integer,
	"resort_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"view_name" text,
	"check_in" date NOT NULL,
	"nights" smallint NOT NULL,
	"points" integer NOT NULL,
	"price_per_night_cents" integer NOT NULL,
	"listing_status_id" smallint NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_listings_listing_code_unique" UNIQUE("listing_code"),
	CONSTRAINT "rental_listings_nights_positive" CHECK ("rental_listings"."nights" between 1 and 30),
	CONSTRAINT "rental_listings_price_positive" CHECK ("rental_listings"."price_per_night_cents" > 0),
	CONSTRAINT "rental_listings_source_owner" CHECK (("rental_listings"."source" = 'member' and "rental_listings"."seller_id" is not null) or ("rental_listings"."source" = 'broker' and "rental_listings"."broker_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sleeps" smallint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rooms_name_unique" UNIQUE("name"),
	CONSTRAINT "rooms_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "no_haggle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "reposted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "repost_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_listings" ADD CONSTRAINT "rental_listings_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_listings" ADD CONSTRAINT "rental_listings_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_listings" ADD CONSTRAINT "rental_listings_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_listings" ADD CONSTRAINT "rental_listings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_listings" ADD CONSTRAINT "rental_listings_listing_status_id_listing_statuses_id_fk" FOREIGN KEY ("listing_status_id") REFERENCES "public"."listing_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rental_listings_search_idx" ON "rental_listings" USING btree ("check_in","id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "rental_listings_resort_idx" ON "rental_listings" USING btree ("resort_id","check_in");