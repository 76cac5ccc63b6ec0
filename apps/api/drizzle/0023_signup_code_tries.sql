-- Sign-up and reset code tries per address and UTC day, across every code the address was sent
-- (issue 29.6): a re-issued code no longer brings five fresh tries.
CREATE TABLE "signup_code_tries" (
	"email" text NOT NULL,
	"day" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "signup_code_tries_email_day_pk" PRIMARY KEY("email","day")
);
