-- The console's order search (issue 33): newest first under every filter it offers, so each
-- filter reads its own index in order and stops at the page's end (bench/console-search.ts).
CREATE INDEX "orders_newest" ON "orders" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "orders_by_email_newest" ON "orders" ("email", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "orders_by_status_newest" ON "orders" ("status", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "orders_by_country_newest" ON "orders" ("country", "created_at" DESC);
