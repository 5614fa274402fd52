-- Refunds an operator asks of the card provider from the console (docs/operators.md). A refund
-- is written `pending` before the provider is asked, with its own idempotency key for the
-- provider (`refund:<id>`), so a crash or a provider failure leaves a visible row that is retried
-- and never refunded twice. `request_key` is made once per confirmation in the console: the same
-- request sent twice finds the first refund.
CREATE TABLE payment_refunds (
  id            uuid PRIMARY KEY,
  payment_id    uuid NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  order_id      uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  request_key   text NOT NULL UNIQUE,
  amount_pence  integer NOT NULL CHECK (amount_pence > 0),
  status        text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  admin_id      text NOT NULL,
  admin_email   text NOT NULL,
  last_error    text,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
CREATE INDEX payment_refunds_order_idx ON payment_refunds (order_id, created_at);
-- One refund of a payment with the provider at a time: what the provider reports as refunded
-- then tells whether that one went through.
CREATE UNIQUE INDEX payment_refunds_one_pending_idx ON payment_refunds (payment_id)
  WHERE status = 'pending';

-- The card sandbox's refunds, by idempotency key (a key used again returns the first refund).
CREATE TABLE sandbox_refunds (
  idempotency_key text PRIMARY KEY,
  payment_id      text NOT NULL REFERENCES sandbox_payments (id) ON DELETE CASCADE,
  amount_pence    integer NOT NULL,
  created_at      timestamptz NOT NULL
);
