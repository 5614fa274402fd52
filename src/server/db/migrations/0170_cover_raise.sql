-- Raising the cover after payment (docs/cover-and-import-charges.md, "Raising the cover after
-- payment"; decision 113): a second, separate card payment of the same order.

-- What a payment pays for: the order itself (each payment attempt at /pay) or a later change to
-- the booking (a cover raise), named by its booking change. Only `order` payments take part in
-- the order's own payment attempts; every captured payment is refunded when the booking is
-- cancelled.
ALTER TABLE payments ADD COLUMN kind text NOT NULL DEFAULT 'order'
  CONSTRAINT payments_kind_check CHECK (kind IN ('order', 'cover'));
ALTER TABLE payments ADD COLUMN booking_change_id uuid REFERENCES booking_changes (id) ON DELETE SET NULL;
ALTER TABLE payments ADD CONSTRAINT payments_change_check
  CHECK ((kind = 'order') = (booking_change_id IS NULL));

-- A cover raise waits for its card payment first, and ends `cancelled` when it is not paid.
ALTER TABLE booking_changes DROP CONSTRAINT booking_changes_kind_check;
ALTER TABLE booking_changes ADD CONSTRAINT booking_changes_kind_check
  CHECK (kind IN ('cancel', 'collection_date', 'contact', 'cover'));
ALTER TABLE booking_changes DROP CONSTRAINT booking_changes_status_check;
ALTER TABLE booking_changes ADD CONSTRAINT booking_changes_status_check
  CHECK (status IN ('awaiting_payment', 'pending', 'done', 'refused', 'failed', 'cancelled'));
