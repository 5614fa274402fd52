-- "Manage my booking" (docs/accounts.md): an emailed link that opens one order, once, within an
-- hour, in the browser that uses it. Only the token's hash is stored.
CREATE TABLE booking_links (
  token_hash text PRIMARY KEY,
  order_id   uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX booking_links_order_id_idx ON booking_links (order_id);
