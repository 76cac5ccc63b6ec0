-- A subscription's terms: the first as bought (its plan's period plus the extra period the plan
-- gives), then each renewal for its renewal plan's period at that plan's price, as the plan page
-- and the invoice say. Rows made before keep renewing as they did (nulls: their own plan and
-- period, no extra), so no customer's dates move under them.
ALTER TABLE "subscriptions" ADD COLUMN "extra_period_interval" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "extra_period_unit" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_plan" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_period_interval" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_period_unit" text;
