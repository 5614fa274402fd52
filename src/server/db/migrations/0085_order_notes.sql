-- Internal notes on an order (docs/operators.md): written by operators in the console, never
-- shown to the customer. Who wrote it is kept by email too, so a removed account leaves its
-- notes readable. Listed per order, newest first.
CREATE TABLE order_notes (
  id          uuid PRIMARY KEY,
  order_id    uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  admin_id    text NOT NULL,
  admin_email text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX order_notes_order_idx ON order_notes (order_id, created_at DESC);
