-- Staff logins through an external OIDC issuer (issue 33, docs/decisions/013): the browser's
-- binding and the authorization request's checks, then, after the callback, the staff member who
-- still owes the console's second factor. Single use, minutes at most.
CREATE TABLE "staff_issuer_logins" (
	"binding_hash" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"lang" text NOT NULL,
	"staff_id" uuid REFERENCES "staff_accounts"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL
);
