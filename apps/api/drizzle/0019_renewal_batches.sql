-- Renewals in batches (issue 20, performance): a renewal reads the card on file of its
-- subscription's first payment, and the sweeps and checks find payments by their order; without
-- this index each of those reads scanned every payment.
CREATE INDEX "payments_by_order" ON "payments" ("order_id");
