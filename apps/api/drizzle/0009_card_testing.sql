CREATE TABLE "velocity_counters" (
	"subject" text NOT NULL,
	"window" bigint NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "velocity_counters_subject_window_pk" PRIMARY KEY("subject","window")
);--> statement-breakpoint
CREATE TABLE "velocity_locks" (
	"subject" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "challenge_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "fingerprint" text;
