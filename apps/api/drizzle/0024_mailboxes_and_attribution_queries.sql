-- A coupon once per address is once per mailbox (issue 29): redemptions are keyed by the
-- mailbox the address delivers to (core's mailboxOf: gmail.com and googlemail.com without dots
-- and +tag, the subaddressing providers without +tag), and a payment that starts with the coupon
-- holds the row (cart_id, redeemed_at null) until its order is paid or given up, so the key
-- refuses a second use in the database. Existing rows are rewritten by the same rule; of the
-- rows that then name one mailbox, the earliest redemption stays.
ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_coupon_code_email_pk";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" RENAME COLUMN "email" TO "mailbox";--> statement-breakpoint
UPDATE "coupon_redemptions" SET "mailbox" = CASE
	WHEN split_part("mailbox", '@', 2) IN ('gmail.com', 'googlemail.com')
		THEN replace(split_part(split_part("mailbox", '@', 1), '+', 1), '.', '') || '@gmail.com'
	WHEN split_part("mailbox", '@', 2) IN ('outlook.com', 'hotmail.com', 'live.com', 'msn.com',
		'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com',
		'yandex.ru', 'yandex.com')
		THEN split_part(split_part("mailbox", '@', 1), '+', 1) || '@' || split_part("mailbox", '@', 2)
	ELSE "mailbox"
END;--> statement-breakpoint
DELETE FROM "coupon_redemptions" AS "later" USING "coupon_redemptions" AS "earlier"
WHERE "later"."coupon_code" = "earlier"."coupon_code" AND "later"."mailbox" = "earlier"."mailbox"
	AND ("later"."redeemed_at", "later"."ctid") > ("earlier"."redeemed_at", "earlier"."ctid");--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_code_mailbox_pk" PRIMARY KEY("coupon_code","mailbox");--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ALTER COLUMN "redeemed_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ALTER COLUMN "redeemed_at" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_held" ON "coupon_redemptions" ("cart_id") WHERE "redeemed_at" IS NULL;
--> statement-breakpoint
-- Attribution keeps of the landing query only utm_*, the click ids and nv_tri/nv_trs (core's
-- attributionQuery, issue 29): the orders' copies lose the rest (e-mails, QA and login tokens).
UPDATE "order_attributions" SET
	"current" = CASE WHEN "current" ? 'query' THEN jsonb_set("current", '{query}', to_jsonb(coalesce((
		SELECT string_agg("part", '&' ORDER BY "n")
		FROM unnest(string_to_array("current" ->> 'query', '&')) WITH ORDINALITY AS "p"("part", "n")
		WHERE "part" ~ '^(utm_[^=]*|gclid|msclickid|msclkid|nv_tri|nv_trs)(=|$)'), ''))) ELSE "current" END,
	"first" = CASE WHEN "first" ? 'query' THEN jsonb_set("first", '{query}', to_jsonb(coalesce((
		SELECT string_agg("part", '&' ORDER BY "n")
		FROM unnest(string_to_array("first" ->> 'query', '&')) WITH ORDINALITY AS "p"("part", "n")
		WHERE "part" ~ '^(utm_[^=]*|gclid|msclickid|msclkid|nv_tri|nv_trs)(=|$)'), ''))) ELSE "first" END;
