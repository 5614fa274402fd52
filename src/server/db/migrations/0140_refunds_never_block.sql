-- Refunds that never block (decision 104, docs/orders.md "Refund states"). A refund whose job
-- has spent its retries ends `needs_action` instead of staying `pending`; an operator retries it
-- (same provider idempotency key) or marks it `refunded_outside` with a note. Several refunds of
-- a payment may be with the provider at once: each is matched at the provider by its own
-- idempotency key, so the one-pending-per-payment index goes.
DROP INDEX payment_refunds_one_pending_idx;
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_status_check;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_status_check
  CHECK (status IN ('pending', 'succeeded', 'failed', 'needs_action', 'refunded_outside'));

-- Who asked: an operator (admin_id and admin_email), the customer (requester_email when known)
-- or the site itself (a cancellation). Existing rows were all asked by operators.
ALTER TABLE payment_refunds ADD COLUMN requested_by text NOT NULL DEFAULT 'operator'
  CHECK (requested_by IN ('operator', 'customer', 'system'));
ALTER TABLE payment_refunds ALTER COLUMN admin_id DROP NOT NULL;
ALTER TABLE payment_refunds ALTER COLUMN admin_email DROP NOT NULL;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_operator_named
  CHECK (requested_by <> 'operator' OR (admin_id IS NOT NULL AND admin_email IS NOT NULL));
ALTER TABLE payment_refunds ADD COLUMN requester_email text;
ALTER TABLE payment_refunds ADD COLUMN reason text;

-- The end of a refund: when it settled (succeeded, failed, refunded outside); how an operator
-- resolved one that needed action (the note, who, when); how many times it was retried (each
-- retry's job has its own key).
ALTER TABLE payment_refunds ADD COLUMN settled_at timestamptz;
UPDATE payment_refunds SET settled_at = updated_at WHERE status IN ('succeeded', 'failed');
ALTER TABLE payment_refunds ADD COLUMN note text CHECK (note IS NULL OR char_length(note) BETWEEN 1 AND 500);
ALTER TABLE payment_refunds ADD COLUMN resolved_by_email text;
ALTER TABLE payment_refunds ADD COLUMN resolved_at timestamptz;
ALTER TABLE payment_refunds ADD COLUMN retries integer NOT NULL DEFAULT 0;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_outside_noted
  CHECK (status <> 'refunded_outside' OR (note IS NOT NULL AND resolved_by_email IS NOT NULL));

-- The card's last four digits, when the provider gives them (the customer's order page and the
-- refund email: "your card ending 4242").
ALTER TABLE payments ADD COLUMN card_last4 text CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$');
