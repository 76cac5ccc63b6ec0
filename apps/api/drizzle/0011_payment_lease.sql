-- A payment start's claim on its Idempotency-Key holds until lease_until: a claim that outlives
-- it without an answer belongs to a process that died, and the next request or the sweeper
-- recovers it from the provider. Existing unanswered claims are treated as expired.
ALTER TABLE "payments" ADD COLUMN "lease_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_unanswered_lease_idx" ON "payments" ("lease_until") WHERE "answer" IS NULL;--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"reported" text,
	"brand" text,
	"last4" text NOT NULL,
	"expiry" text NOT NULL,
	"charged_at" timestamp with time zone DEFAULT now() NOT NULL
);
