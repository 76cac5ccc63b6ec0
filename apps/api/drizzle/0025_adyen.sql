-- Adyen as a real provider (issue 31): its reference and last word per payment (refunds,
-- cancels and refreshes need the pspReference), and the chargebacks and failed refunds it
-- reported with what the checkout decided, for operators.
CREATE TABLE "adyen_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"psp_reference" text,
	"result_code" text NOT NULL,
	"refusal_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adyen_disputes" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"event_code" text NOT NULL,
	"reason" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"decision" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
