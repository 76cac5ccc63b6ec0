-- Subscription lifecycle (issue 20): what renewals, dunning and self-service need on the row.
-- The period is copied from the plan at purchase so a catalog edit never changes what a
-- customer signed up for; renewal dates count from anchor_at by cycle (core periodEnd), so
-- month ends do not drift. Existing rows keep their next charge; their anchor is their start.
ALTER TABLE "subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_interval" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_unit" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "anchor_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "subscriptions" SET "anchor_at" = "created_at";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_due" ON "subscriptions" ("next_charge_at") WHERE "status" in ('active', 'past_due');--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id"),
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "subscription_events_by_subscription" ON "subscription_events" ("subscription_id", "id");
