-- PayPal as a real provider (issue 32): its order and capture per payment with its last word
-- (captures, refunds and refreshes need them; the redirect's return path is kept server-side),
-- and the reversals and disputes it reported with what the checkout decided, for operators.
CREATE TABLE "paypal_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"paypal_order_id" text NOT NULL,
	"capture_id" text,
	"status" text NOT NULL,
	"status_reason" text,
	"return_path" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_payments_paypal_order_id_unique" UNIQUE("paypal_order_id")
);
--> statement-breakpoint
CREATE TABLE "paypal_disputes" (
	"event_id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"reason" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"decision" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
