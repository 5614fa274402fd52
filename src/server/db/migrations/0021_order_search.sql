-- The console's order list and search (docs/operators.md, "Orders"): newest first with keyset
-- pagination, by status, and by the collection contact's email or either postcode.
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC, id DESC);
CREATE INDEX orders_collection_email_idx ON orders (lower(collection_address ->> 'email'));
CREATE INDEX orders_collection_postcode_idx ON orders (upper(replace(collection_postcode, ' ', '')));
CREATE INDEX orders_destination_postcode_idx ON orders (upper(replace(destination_postcode, ' ', '')));
