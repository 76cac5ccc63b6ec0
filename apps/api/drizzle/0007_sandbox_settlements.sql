CREATE TABLE "sandbox_settlements" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"reported" text NOT NULL,
	"final_reported" text NOT NULL,
	"settles_at" timestamp with time zone NOT NULL
);
