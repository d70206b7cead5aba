CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_question_unique" UNIQUE("question")
);
--> statement-breakpoint
CREATE TABLE "page_featured_listings" (
	"page_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	CONSTRAINT "page_featured_listings_page_id_listing_id_pk" PRIMARY KEY("page_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "page_related_faqs" (
	"faq_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	CONSTRAINT "page_related_faqs_faq_id_page_id_pk" PRIMARY KEY("faq_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "page_related_pages" (
	"page_id" integer NOT NULL,
	"related_page_id" integer NOT NULL,
	CONSTRAINT "page_related_pages_page_id_related_page_id_pk" PRIMARY KEY("page_id","related_page_id")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"title" text NOT NULL,
	"heading" text NOT NULL,
	"image_path" text,
	"page_type" text DEFAULT 'guide' NOT NULL,
	"meta_keywords" text,
	"description" text NOT NULL,
	"show_header_banner" boolean DEFAULT false NOT NULL,
	"show_featured_listings" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_route_unique" UNIQUE("route")
);
--> statement-breakpoint
ALTER TABLE "page_featured_listings" ADD CONSTRAINT "page_featured_listings_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_featured_listings" ADD CONSTRAINT "page_featured_listings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_related_faqs" ADD CONSTRAINT "page_related_faqs_faq_id_faqs_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."faqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_related_faqs" ADD CONSTRAINT "page_related_faqs_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_related_pages" ADD CONSTRAINT "page_related_pages_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_related_pages" ADD CONSTRAINT "page_related_pages_related_page_id_pages_id_fk" FOREIGN KEY ("related_page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faqs_audience_idx" ON "faqs" USING btree ("audience","sort_order");--> statement-breakpoint
CREATE INDEX "pages_published_idx" ON "pages" USING btree ("published","route");