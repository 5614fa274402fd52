-- The address book (docs/accounts.md): collection addresses and recipients an account keeps to
-- fill a later booking. A copy: deleting the order it came from leaves it; deleting the account
-- deletes it. `fingerprint` is the address in one normalised string: the same address is kept
-- once per account and role.
CREATE TABLE saved_addresses (
  id           uuid PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role         text NOT NULL CHECK (role IN ('collection', 'delivery')),
  label        text NOT NULL DEFAULT '',
  country_id   integer NOT NULL,
  country_code text NOT NULL,
  postcode     text NOT NULL,
  first_name   text NOT NULL,
  last_name    text NOT NULL,
  company      text NOT NULL DEFAULT '',
  street       text NOT NULL,
  street2      text NOT NULL DEFAULT '',
  city         text NOT NULL,
  state        text NOT NULL DEFAULT '',
  phone        text NOT NULL,
  email        text NOT NULL,
  instructions text NOT NULL DEFAULT '',
  fingerprint  text NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  CONSTRAINT saved_addresses_once UNIQUE (user_id, role, fingerprint)
);

CREATE INDEX saved_addresses_by_user ON saved_addresses (user_id, updated_at DESC);
