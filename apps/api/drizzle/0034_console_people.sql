-- The console's staff and second factors (issue 33): the time step of the last TOTP code
-- accepted, so a code seen once is refused for the rest of its window (replay).
ALTER TABLE "staff_accounts" ADD COLUMN "totp_last_step" bigint;
