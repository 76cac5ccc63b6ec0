ALTER TABLE "carts" ADD COLUMN "owner_hash" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "account_id" text;