-- A change whose courier call got no answer is `checking` until the courier is asked what it has
-- (decision 138).
ALTER TABLE booking_changes DROP CONSTRAINT booking_changes_status_check;
ALTER TABLE booking_changes ADD CONSTRAINT booking_changes_status_check
  CHECK (status IN ('awaiting_payment', 'pending', 'checking', 'done', 'refused', 'failed', 'cancelled'));
CREATE INDEX booking_changes_open_idx ON booking_changes (updated_at)
  WHERE status IN ('pending', 'checking');
