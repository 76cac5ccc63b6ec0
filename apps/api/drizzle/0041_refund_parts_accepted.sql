-- When the provider accepted a refund of a part: billing's sweep issues the credit note of every
-- accepted part that lacks one (a crash between the provider's answer and the note), and never
-- one for a part still being asked (its row is written before the provider is, and deleted if it
-- refuses). Parts recorded before were all accepted (a refused one was deleted).
ALTER TABLE "payment_refunds" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_refunds" SET "accepted_at" = "created_at" WHERE NOT "whole";--> statement-breakpoint
CREATE INDEX "payment_refunds_accepted_parts" ON "payment_refunds" ("accepted_at") WHERE NOT "whole" AND "accepted_at" IS NOT NULL;
