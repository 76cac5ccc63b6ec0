-- When the provider accepted a refund of a part: billing's sweep issues the credit note of every
-- accepted part that lacks one (a crash between the provider's answer and the note), and never
-- one for a part still being asked (its row is written before the provider is, and deleted if it
-- refuses). Parts recorded before were all accepted (a refused one was deleted).
ALTER TABLE "payment_refunds" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_refunds" SET "accepted_at" = "created_at" WHERE NOT "whole";--> statement-breakpoint
CREATE INDEX "payment_refunds_accepted_parts" ON "payment_refunds" ("accepted_at") WHERE NOT "whole" AND "accepted_at" IS NOT NULL;--> statement-breakpoint
-- Every provider's disputes in payments' words (the desk writes them as an adapter reports one),
-- so the console counts chargebacks and shows them on the order whatever the provider. Those
-- reported before are copied from Adyen's and PayPal's own tables.
CREATE TABLE "payment_disputes" (
	"payment_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"event_code" text NOT NULL,
	"chargeback" boolean NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("payment_id", "reference")
);--> statement-breakpoint
CREATE INDEX "payment_disputes_by_order" ON "payment_disputes" ("order_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_chargebacks" ON "payment_disputes" ("created_at") WHERE "chargeback";--> statement-breakpoint
INSERT INTO "payment_disputes" ("payment_id", "reference", "order_id", "event_code", "chargeback", "amount_minor", "currency", "created_at")
SELECT d."payment_id", d."psp_reference", p."order_id", d."event_code", d."event_code" = 'CHARGEBACK', d."amount_minor", d."currency", d."created_at"
FROM "adyen_disputes" d JOIN "payments" p ON p."id" = d."payment_id";--> statement-breakpoint
INSERT INTO "payment_disputes" ("payment_id", "reference", "order_id", "event_code", "chargeback", "amount_minor", "currency", "created_at")
SELECT d."payment_id", d."event_id", p."order_id", d."event_type", true, d."amount_minor", d."currency", d."created_at"
FROM "paypal_disputes" d JOIN "payments" p ON p."id" = d."payment_id";
