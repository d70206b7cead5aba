ALTER TABLE "listings" ADD COLUMN "score" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "point_percentage" smallint GENERATED ALWAYS AS (least(100, greatest(0, (curr_year_points * 100) / contract_points))::smallint) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_score_idx" ON "listings" USING btree ("score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_resort_score_idx" ON "listings" USING btree ("resort_id","score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_ppp_idx" ON "listings" USING btree ("price_per_point_cents","id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_price_idx" ON "listings" USING btree ((contract_points::bigint * price_per_point_cents),"id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_points_idx" ON "listings" USING btree ("contract_points","id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_posted_idx" ON "listings" USING btree ("posted_at","id") WHERE listing_status_id = 3 and is_test = false;