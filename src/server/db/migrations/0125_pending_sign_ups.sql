-- Sign-up by emailed link (docs/accounts.md, decision 077): nothing is written to users until the
-- link is opened. A pending sign-up keeps the name, the email, the password's HASH (never the
-- password), the guest session of the browser that signed up, and the hash of its single-use
-- token, for an hour.
CREATE TABLE pending_sign_ups (
  token_hash    text PRIMARY KEY,
  email         text NOT NULL,
  name          text NOT NULL,
  password_hash text NOT NULL,
  guest_hash    text,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX pending_sign_ups_expires_at_idx ON pending_sign_ups (expires_at);
