-- An order's subscriptions, moves, documents and mails are read by the order's id (the order
-- page's status read, a refund's effects, billing's issuer, the console's timeline, the refund
-- window), and a cart's orders by the cart's id (a new attempt on a cart). Without these indexes
-- each read scanned the whole table, which grows with every order sold: invoices and mail_outbox
-- had only partial indexes by order (refund_id is null), which a read of all of an order's rows
-- cannot use. Plain CREATE INDEX: drizzle's migrator runs in a transaction, where CONCURRENTLY
-- cannot; on a large table an operator creates them CONCURRENTLY by hand first, and IF NOT
-- EXISTS leaves those alone.
CREATE INDEX IF NOT EXISTS "subscriptions_by_order" ON "subscriptions" ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_events_by_order" ON "order_events" ("order_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_by_order" ON "invoices" ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_by_order" ON "mail_outbox" ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_by_cart" ON "orders" ("cart_id");
