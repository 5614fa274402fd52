-- Order ownership (docs/accounts.md): an order belongs to the browsers that created or were
-- given it (their guest-session cookie, stored hashed) and, once signed in, to an account.
ALTER TABLE orders ADD COLUMN user_id text REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX orders_user_id_idx ON orders (user_id);

CREATE TABLE order_guests (
  order_id   uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  guest_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, guest_hash)
);
CREATE INDEX order_guests_guest_hash_idx ON order_guests (guest_hash);
