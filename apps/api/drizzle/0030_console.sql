-- The operators' console (issue 33): staff accounts with their second factor, their sessions,
-- and the audit log every console action writes, which the database keeps append-only. Payments
-- records the refunds staff ask for (a part or the rest of an order) so a repeat is recognised and
-- the rest is known; the sandbox gateway keeps one ledger row per refund, several per payment.
CREATE TABLE "staff_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"enrolment_token_hash" text,
	"enrolment_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff_accounts"("id") ON DELETE CASCADE,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"address" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_by_subject" ON "audit_log" ("subject", "id");
--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"amount_minor" bigint NOT NULL,
	"whole" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_refunds_by_order" ON "payment_refunds" ("order_id");
--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD COLUMN "reference" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sandbox_ledger" DROP CONSTRAINT "sandbox_ledger_pk";
--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD CONSTRAINT "sandbox_ledger_pk" PRIMARY KEY ("payment_id", "action", "reference");
