CREATE TABLE "lenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"website" text,
	"phone" text,
	"apr_min_percent" double precision NOT NULL,
	"apr_max_percent" double precision NOT NULL,
	"term_min_years" smallint NOT NULL,
	"term_max_years" smallint NOT NULL,
	"min_loan_cents" integer DEFAULT 0 NOT NULL,
	"down_payment_percent" smallint DEFAULT 10 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
