-- The merchant-wide decline storm (issue 29, finding 3): card attempts and declines across all
-- shoppers per minute, one upsert per attempt, read over the last few minutes by every api node.
CREATE TABLE "card_attempt_minutes" (
	"minute" bigint PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"declines" integer DEFAULT 0 NOT NULL
);
