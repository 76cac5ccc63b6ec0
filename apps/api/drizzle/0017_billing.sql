-- Billing (issue 20): invoices and credit notes with a gap-free number per merchant, kind and
-- year (a counter row taken under its row lock in the invoice's own transaction, so a rolled
-- back invoice gives its number back), a mail outbox that survives restarts, the shopper's
-- language on the cart (so the order's snapshot carries it to the receipt), and attachments in
-- the sandbox mailbox.
ALTER TABLE "carts" ADD COLUMN "locale" text;--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"merchant_id" text NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	PRIMARY KEY ("merchant_id", "kind", "year")
);--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"kind" text NOT NULL,
	"merchant_id" text NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"number_text" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"document" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" ("order_id", "kind", "merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" ("merchant_id", "kind", "year", "number");--> statement-breakpoint
CREATE INDEX "invoices_by_email" ON "invoices" ("email", "issued_at");--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_per_order" ON "mail_outbox" ("order_id", "kind");--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" ("due_at") WHERE "sent_at" IS NULL;--> statement-breakpoint
ALTER TABLE "sandbox_mail" ADD COLUMN "html" text;--> statement-breakpoint
CREATE TABLE "sandbox_mail_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL REFERENCES "sandbox_mail"("id") ON DELETE CASCADE,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" bytea NOT NULL
);--> statement-breakpoint
CREATE INDEX "sandbox_mail_attachments_by_mail" ON "sandbox_mail_attachments" ("mail_id");
