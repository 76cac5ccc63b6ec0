-- Renewals and dunning (issue 20, renewals lane). A renewal order is an ordinary order linked to
-- its subscription: one per subscription, cycle and attempt (the unique index is the renewal
-- job's idempotency), with its payment's idempotency key "renewal:<subscription>:<cycle>:<attempt>".
ALTER TABLE "orders" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
CREATE INDEX "orders_by_subscription" ON "orders" ("subscription_id") WHERE "subscription_id" IS NOT NULL;--> statement-breakpoint
-- The provider's reusable payment method asked at the first payment (a card-on-file token).
ALTER TABLE "payments" ADD COLUMN "saved_method" text;--> statement-breakpoint
-- Per subscription: the claim of the renewal job working it, failed attempts of the current
-- cycle (dunning), the cycle last reminded of, and a payment method the customer entered since.
CREATE TABLE "subscription_renewals" (
	"subscription_id" uuid PRIMARY KEY NOT NULL REFERENCES "subscriptions"("id"),
	"claimed_until" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"reminded_cycle" integer DEFAULT 0 NOT NULL,
	"method_provider" text,
	"method" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The sandbox gateway's cards on file: what a merchant-initiated charge of the method decides.
CREATE TABLE "sandbox_saved_cards" (
	"method" text PRIMARY KEY NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"expiry" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- What a merchant-initiated charge of the card decides (a test card may pay once, then decline).
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "renewal_outcome" text DEFAULT 'success' NOT NULL;
