-- The notification inbox (docs/decisions/008-notification-inbox.md): a provider's notification
-- is checked and its events recorded here at once, then a job applies them, so the provider's
-- retry policy never waits on the orders' work. One row per provider and event id: a repeated
-- delivery is recorded once.
CREATE TABLE "notification_inbox" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "notification_inbox_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE INDEX "notification_inbox_unapplied" ON "notification_inbox" USING btree ("received_at") WHERE "notification_inbox"."applied_at" is null;
