-- The console's staff and second factors (issue 33): the time step of the last TOTP code
-- accepted, so a code seen once is refused for the rest of its window (replay).
ALTER TABLE "staff_accounts" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
-- A credit note per refund (a part, or the rest): the refund's request id on its documents and
-- its mail; the order's own credit note (refund_id null) stays one per order and merchant.
ALTER TABLE "invoices" ADD COLUMN "refund_id" uuid;
--> statement-breakpoint
DROP INDEX "invoices_one_per_order";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" ("order_id", "kind", "merchant_id") WHERE "refund_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_refund" ON "invoices" ("refund_id", "merchant_id") WHERE "refund_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "refund_id" uuid;
--> statement-breakpoint
DROP INDEX "mail_outbox_one_per_order";
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_per_order" ON "mail_outbox" ("order_id", "kind") WHERE "refund_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_per_refund" ON "mail_outbox" ("refund_id") WHERE "refund_id" IS NOT NULL;
--> statement-breakpoint
-- A disabled staff member: its sessions end and it logs in no more (the console's staff list).
ALTER TABLE "staff_accounts" ADD COLUMN "disabled_at" timestamp with time zone;
