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
	"experiments" jsonb,
	"viewed" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"payment_started" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	CONSTRAINT "funnel_days_pkey" PRIMARY KEY ("day", "browser_id")
);
--> statement-breakpoint
-- The events collected before this table: their country and device were not recorded.
-- The `experiment` context (`id:variant` joined with '+') is kept as an object, id → variant.
INSERT INTO "funnel_days" ("day", "browser_id", "language", "provider", "experiments", "viewed", "email", "payment_started", "paid")
SELECT day, browser_id, language, provider,
	(SELECT jsonb_object_agg(split_part(p, ':', 1), split_part(p, ':', 2))
		FROM unnest(string_to_array(experiment, '+')) AS p WHERE p LIKE '%:%'),
	viewed, email, payment_started, paid
FROM (
	SELECT (occurred_at AT TIME ZONE 'UTC')::date AS day, browser_id,
		max(context->>'page_language') AS language, max(context->'payments'->>'selected') AS provider,
		max(context->>'experiment') AS experiment,
		bool_or(event = 'page_view') AS viewed,
		bool_or(event = 'form_update' AND section = 'email' AND context->>'form_status' = 'submitted') AS email,
		bool_or(event = 'payments_initiated') AS payment_started,
		bool_or(event = 'conversion') AS paid
	FROM "analytics_events"
	WHERE event IN ('page_view', 'form_update', 'payments_initiated', 'conversion')
	GROUP BY 1, 2
) AS visits;
