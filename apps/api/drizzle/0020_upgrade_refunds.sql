-- Refunds and upgrades (issue 29). A subscription an upgrade replaced names the upgrade order:
-- the orders that paid for it are refundable no more (their unused time was the upgrade's
-- credit). Rows replaced before this migration are found by their `upgraded` event.
ALTER TABLE "subscriptions" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
UPDATE "subscriptions" SET "replaced_by" = ("e"."detail" ->> 'orderId')::uuid
FROM "subscription_events" "e"
WHERE "e"."subscription_id" = "subscriptions"."id" AND "e"."type" = 'upgraded';--> statement-breakpoint
-- A refund now ends its subscriptions in the order's own move. Before, that was a second step a
-- crash could skip, and a refunded renewal ended nothing: such subscriptions end now, as the
-- refund would have ended them, each with its `refunded` event.
WITH "refunded" AS (
	SELECT "o"."id", "o"."subscription_id" FROM "orders" "o"
	JOIN "order_events" "m" ON "m"."order_id" = "o"."id"
	WHERE "m"."from_status" = 'paid' AND "m"."to_status" = 'refund_due' AND "m"."source" = 'customer'
), "ended" AS (
	UPDATE "subscriptions" "s" SET "status" = 'canceled', "auto_renew" = false, "ended_at" = now(), "updated_at" = now()
	FROM "refunded" "r"
	WHERE ("s"."order_id" = "r"."id" OR "s"."id" = "r"."subscription_id") AND "s"."status" IN ('active', 'past_due')
	RETURNING "s"."id", "r"."id" AS "order_id"
)
INSERT INTO "subscription_events" ("subscription_id", "type", "actor", "detail")
SELECT "id", 'refunded', 'customer', jsonb_build_object('orderId', "order_id") FROM "ended";
