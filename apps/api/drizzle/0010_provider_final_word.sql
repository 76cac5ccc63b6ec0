-- The provider's final word wins: a cart is paid by one order at most, so a late capture of
-- another order of the same cart is refunded instead of paying twice.
CREATE UNIQUE INDEX IF NOT EXISTS "orders_one_paid_per_cart" ON "orders" ("cart_id") WHERE "status" = 'paid';
--> statement-breakpoint
-- Abandoned orders expire: the sweep claims an order here so that two nodes never expire it twice.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "expiry_claimed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_waiting_since" ON "orders" ("updated_at") WHERE "status" IN ('new', 'refund_due');
--> statement-breakpoint
-- The sandbox gateway's own record of what it did to a payment after starting it.
CREATE TABLE IF NOT EXISTS "sandbox_ledger" (
	"payment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_ledger_pk" PRIMARY KEY ("payment_id", "action")
);
