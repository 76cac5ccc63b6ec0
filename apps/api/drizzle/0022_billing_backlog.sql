-- Billing's sweep after a crash (issue 29): it reads the orders' moves to paid and refunded past a
-- mark instead of the last day's orders, so an order of any age gets its documents and an
-- unchanged history is not read again each minute. The mark starts before the first invoice:
-- orders that moved before billing existed were never invoiced and are not now. Due mail is
-- claimed per kind, so credit notes do not wait behind a queue of receipts.
CREATE TABLE "billing_sweep_mark" (
	"id" integer PRIMARY KEY NOT NULL,
	"checked_through" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "billing_sweep_mark" ("id", "checked_through")
SELECT 1, coalesce(max("id"), 0) FROM "order_events"
WHERE "created_at" < coalesce((SELECT min("issued_at") FROM "invoices"), 'infinity');--> statement-breakpoint
DROP INDEX "mail_outbox_due";--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" ("kind", "due_at") WHERE "sent_at" IS NULL;
