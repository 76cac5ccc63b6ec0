-- The console's catalog and coupons (issue 33). Catalog versions: version 1 is the shipped
-- (seeded) catalog; a draft of changes gets the next number when an admin publishes it, and a
-- coupon change is published at once as a version of its own, so every node's answers (cached
-- by version) change with it. Published price changes take effect from their own date.
CREATE TABLE "catalog_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer UNIQUE,
	"status" text NOT NULL CHECK ("status" IN ('draft', 'published')),
	"note" text DEFAULT '' NOT NULL,
	"changes" jsonb NOT NULL,
	"preview_token" text UNIQUE,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone,
	CHECK (("status" = 'published') = ("version" IS NOT NULL))
);
--> statement-breakpoint
INSERT INTO "catalog_versions" ("version", "status", "note", "changes", "published_at")
	VALUES (1, 'published', 'The shipped catalog', '[]'::jsonb, now());
--> statement-breakpoint
CREATE TABLE "price_point_changes" (
	"plan_id" integer NOT NULL REFERENCES "plans"("id"),
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"before_discount_minor" bigint NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "price_point_changes_pk" PRIMARY KEY ("plan_id", "currency", "effective_from", "version")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_redemptions" integer;
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "disabled_at" timestamp with time zone;
