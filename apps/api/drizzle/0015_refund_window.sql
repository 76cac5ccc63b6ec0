-- Self-service refunds (issue 20): each product's money-back window in days. A catalog seeded
-- before this migration gets the default of 30 days for every product, like the seed's.
ALTER TABLE "products" ADD COLUMN "refund_window_days" integer DEFAULT 30 NOT NULL;
