-- Issue 16: menu items get a natural key (menu, label), so the seed inserts them ON CONFLICT DO NOTHING. Databases
-- that two racing first starts seeded twice hold each item twice: keep the first of each (the lowest id).
DELETE FROM "menu_items" AS "dup" USING "menu_items" AS "kept" WHERE "dup"."menu" = "kept"."menu" AND "dup"."label" = "kept"."label" AND "dup"."id" > "kept"."id";--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_menu_label_unique" UNIQUE("menu","label");
