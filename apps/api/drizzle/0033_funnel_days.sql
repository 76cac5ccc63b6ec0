-- The console's funnel (issue 33): one row per visitor and day with the steps it reached and
-- what it is grouped by, kept by the collector as events arrive, so a funnel over 30 days reads
-- these rows instead of a million events (bench/console-funnel.ts).
CREATE TABLE "funnel_days" (
	"day" date NOT NULL,
	"browser_id" uuid NOT NULL,
	"country" text,
	"language" text,
	"device" text,
	"provider" text,
	"experiment" text,
	"viewed" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"payment_started" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	CONSTRAINT "funnel_days_pkey" PRIMARY KEY ("day", "browser_id")
);
--> statement-breakpoint
-- The events collected before this table: their country and device were not recorded.
INSERT INTO "funnel_days" ("day", "browser_id", "language", "provider", "experiment", "viewed", "email", "payment_started", "paid")
SELECT (occurred_at AT TIME ZONE 'UTC')::date, browser_id,
	max(context->>'page_language'), max(context->'payments'->>'selected'), max(context->>'experiment'),
	bool_or(event = 'page_view'),
	bool_or(event = 'form_update' AND section = 'email' AND context->>'form_status' = 'submitted'),
	bool_or(event = 'payments_initiated'),
	bool_or(event = 'conversion')
FROM "analytics_events"
WHERE event IN ('page_view', 'form_update', 'payments_initiated', 'conversion')
GROUP BY 1, 2;
