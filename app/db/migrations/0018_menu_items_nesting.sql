ALTER TABLE "menu_items" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_parent_id_menu_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_items_parent_idx" ON "menu_items" USING btree ("menu","parent_id","sort_order");--> statement-breakpoint
-- Positions become 1..n within each menu (and parent: every item is top level so far), in today's order. The previous
-- release orders by sort_order then id over all menus, so it shows the same order (decision 0060: expand only).
UPDATE "menu_items" SET "sort_order" = "ranked"."position" FROM (SELECT "id", row_number() OVER (PARTITION BY "menu" ORDER BY "sort_order", "id") AS "position" FROM "menu_items") AS "ranked" WHERE "menu_items"."id" = "ranked"."id";
