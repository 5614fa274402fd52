-- The booking wizard and Declare Items: collection date, the courier service and collection
-- option resolved for it, and the items declared in each parcel.
ALTER TABLE orders ADD COLUMN collection_date date;
ALTER TABLE orders ADD COLUMN courier_service_id integer;
ALTER TABLE orders ADD COLUMN collection_option_id integer;
ALTER TABLE orders ADD COLUMN declared_at timestamptz;

CREATE TABLE order_items (
  id                    uuid PRIMARY KEY,
  order_id              uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- "large-1", "small-2"…: one parcel per box of the order.
  parcel_key            text NOT NULL,
  name                  text NOT NULL,
  commodity_code        text NOT NULL,
  commodity_description text NOT NULL,
  number_of_units       integer NOT NULL CONSTRAINT order_items_units_check CHECK (number_of_units BETWEEN 1 AND 999),
  unit_value_pence      integer NOT NULL CONSTRAINT order_items_value_check CHECK (unit_value_pence > 0),
  unit_weight_grams     integer NOT NULL CONSTRAINT order_items_weight_check CHECK (unit_weight_grams > 0),
  country_of_origin     char(2) NOT NULL DEFAULT 'GB',
  created_at            timestamptz NOT NULL
);

CREATE INDEX order_items_order_idx ON order_items (order_id, created_at);
