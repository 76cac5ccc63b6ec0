-- Issue 17: the first-party analytics collector, its refusal counts, proof of consent, and the
-- attribution of each order taken when its payment starts.
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"browser_id" uuid NOT NULL,
	"event" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page" text NOT NULL,
	"section" text,
	"element" text,
	"context" jsonb NOT NULL,
	"data" jsonb
);--> statement-breakpoint
CREATE INDEX "analytics_events_event_time" ON "analytics_events" ("event","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_browser" ON "analytics_events" ("browser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_one_conversion_per_order" ON "analytics_events" (("data"->>'order_id')) WHERE "event" = 'conversion';--> statement-breakpoint
CREATE TABLE "analytics_refusals" (
	"reason" text NOT NULL,
	"day" date NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_refusals_reason_day_pk" PRIMARY KEY("reason","day")
);--> statement-breakpoint
CREATE TABLE "consent_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"policy_version" text NOT NULL,
	"action" text NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"gpc" boolean NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "order_attributions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"current" jsonb,
	"first" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
