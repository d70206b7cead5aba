DROP INDEX "listings_search_score_idx";--> statement-breakpoint
DROP INDEX "listings_search_ppp_idx";--> statement-breakpoint
DROP INDEX "listings_search_price_idx";--> statement-breakpoint
DROP INDEX "listings_search_points_idx";--> statement-breakpoint
DROP INDEX "listings_search_posted_idx";--> statement-breakpoint
CREATE INDEX "listings_search_resort_id_idx" ON "listings" USING btree ("resort_id","id","score","contract_points","price_per_point_cents","point_percentage","use_month","broker_id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_pct_idx" ON "listings" USING btree ("point_percentage") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_score_idx" ON "listings" USING btree ("score" DESC NULLS LAST,"id" DESC NULLS LAST,"contract_points","price_per_point_cents","point_percentage","use_month","resort_id","broker_id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_ppp_idx" ON "listings" USING btree ("price_per_point_cents","id","score","contract_points","point_percentage","use_month","resort_id","broker_id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_price_idx" ON "listings" USING btree ((contract_points::bigint * price_per_point_cents),"id","score","contract_points","price_per_point_cents","point_percentage","use_month","resort_id","broker_id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_points_idx" ON "listings" USING btree ("contract_points","id","score","price_per_point_cents","point_percentage","use_month","resort_id","broker_id") WHERE listing_status_id = 3 and is_test = false;--> statement-breakpoint
CREATE INDEX "listings_search_posted_idx" ON "listings" USING btree ("posted_at","id","score","contract_points","price_per_point_cents","point_percentage","use_month","resort_id","broker_id") WHERE listing_status_id = 3 and is_test = false;