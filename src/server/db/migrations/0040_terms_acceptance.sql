-- The customer's tick on the payment step: the Terms accepted and nothing prohibited declared
-- inside, for the declaration as it was then (docs/orders.md). An authorisation for an order
-- whose acceptance is missing or older than its declaration is cancelled, never booked.
ALTER TABLE orders ADD COLUMN terms_accepted_at timestamptz;
