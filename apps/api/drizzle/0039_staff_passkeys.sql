-- Passkeys (WebAuthn) as a staff member's second factor (issue 33): each member's registered
-- credentials (public key, signature counter, transports, the name they gave it), and the
-- challenges of registrations and logins under way, each taken once and only until it expires.
CREATE TABLE "staff_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff_accounts"("id") ON DELETE CASCADE,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "staff_passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE INDEX "staff_passkeys_by_staff" ON "staff_passkeys" ("staff_id");
--> statement-breakpoint
CREATE TABLE "staff_passkey_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_passkey_challenges_by_expiry" ON "staff_passkey_challenges" ("expires_at");
