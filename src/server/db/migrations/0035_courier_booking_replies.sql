-- The courier's answer to BookShipment, kept the moment it arrives and before anything else is
-- written (docs/orders.md, "Exactly once"): a confirmed booking is never lost to a failed write
-- or a worker that dies afterwards, and one that arrives after another worker gave the order up
-- as `needs_attention` still books it. One row per order and payment attempt.
CREATE TABLE courier_booking_replies (
  order_id          uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  payment_attempt   integer NOT NULL,
  courier_reference text NOT NULL,
  -- The whole reply (labels and documents base64-encoded).
  reply             jsonb NOT NULL,
  received_at       timestamptz NOT NULL,
  PRIMARY KEY (order_id, payment_attempt)
);
