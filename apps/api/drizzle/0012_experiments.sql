-- A/B experiments (spec §3 experiment config). Columns stay loose (text, jsonb) on purpose: the
-- api checks each row with core's schema when it loads them and refuses a malformed one by id,
-- so one bad edit cannot stop the other experiments.
CREATE TABLE "experiments" (
	"id" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"isolate" jsonb DEFAULT 'false'::jsonb NOT NULL,
	"allocation" double precision DEFAULT 1 NOT NULL,
	"variants" jsonb NOT NULL,
	"allocator" jsonb NOT NULL,
	"triggers" jsonb,
	"filter_settings" jsonb,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
