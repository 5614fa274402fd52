-- Saved items (docs/accounts.md): a declared item an account keeps to reuse in a later
-- declaration. A copy, not a link: deleting the order or the item leaves it; deleting the
-- account deletes it. The same item is saved once per account.
CREATE TABLE saved_items (
  id                    uuid PRIMARY KEY,
  user_id               text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name                  text NOT NULL,
  commodity_code        text NOT NULL,
  commodity_description text NOT NULL,
  number_of_units       integer NOT NULL,
  unit_value_pence      integer NOT NULL,
  unit_weight_grams     integer NOT NULL,
  created_at            timestamptz NOT NULL,
  CONSTRAINT saved_items_once UNIQUE (
    user_id, name, commodity_code, number_of_units, unit_value_pence, unit_weight_grams
  )
);
