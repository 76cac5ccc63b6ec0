-- Upgrades through the checkout (issue 20, `plan_upgraded`): an upgrade cart names the
-- subscription its paid order replaces, and at most one paid order replaces a subscription (a
-- second one paid at the same time is refunded, as a second payment of one cart is).
ALTER TABLE "carts" ADD COLUMN "upgrade_from" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_paid_per_upgrade" ON "orders" USING btree (("snapshot" #>> '{upgrade,subscriptionId}')) WHERE "orders"."status" = 'paid';
