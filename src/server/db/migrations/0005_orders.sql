-- Orders exist from the first quote (product decisions): a draft is created by Get Quotes and
-- every later step updates it. Courier route availability is cached per region, destination and
-- box mix so quotes never wait for the courier.
CREATE TABLE orders (
  id                     uuid PRIMARY KEY,
  reference              text NOT NULL UNIQUE,
  status                 text NOT NULL DEFAULT 'draft',
  collection_country_id  integer NOT NULL REFERENCES countries (country_id),
  collection_postcode    text NOT NULL,
  destination_country_id integer NOT NULL REFERENCES countries (country_id),
  destination_postcode   text NOT NULL,
  small_boxes            integer NOT NULL CONSTRAINT orders_small_boxes_check CHECK (small_boxes >= 0),
  large_boxes            integer NOT NULL CONSTRAINT orders_large_boxes_check CHECK (large_boxes >= 0),
  total_weight_kg        integer NOT NULL CONSTRAINT orders_weight_check CHECK (total_weight_kg > 0),
  offered_services       jsonb NOT NULL,
  selected_service       text CONSTRAINT orders_selected_service_check CHECK (selected_service IN ('express', 'economy')),
  price_pence            integer CONSTRAINT orders_price_check CHECK (price_pence > 0),
  collection_address     jsonb,
  delivery_address       jsonb,
  created_at             timestamptz NOT NULL,
  updated_at             timestamptz NOT NULL,
  CONSTRAINT orders_box_total_check CHECK (small_boxes + large_boxes BETWEEN 1 AND 5)
);

CREATE INDEX orders_created_at_idx ON orders (created_at);

CREATE TABLE courier_routes (
  collection_country_id  integer NOT NULL,
  destination_country_id integer NOT NULL,
  small_boxes            integer NOT NULL,
  large_boxes            integer NOT NULL,
  -- Every service the courier offered on the route (RouteService[]), null until first fetched.
  services               jsonb,
  -- The last query sent for this route (post codes included), reused by background refreshes.
  last_query             jsonb NOT NULL,
  fetched_at             timestamptz,
  last_used_at           timestamptz NOT NULL,
  last_attempt_at        timestamptz,
  last_error             text,
  -- A refresh in progress holds this lease so two processes do not ask the courier twice.
  refreshing_until       timestamptz,
  PRIMARY KEY (collection_country_id, destination_country_id, small_boxes, large_boxes)
);
