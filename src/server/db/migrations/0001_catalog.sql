-- Country options and the two rate tables (economy, express). Prices are integer pence.
CREATE TABLE countries (
  country_id   integer PRIMARY KEY,
  title        text NOT NULL,
  country_code char(2) NOT NULL,
  role         text NOT NULL CONSTRAINT countries_role_check CHECK (role IN ('collection', 'destination')),
  sort_order   integer NOT NULL,
  flag_path    text NOT NULL
);

CREATE TABLE rate_tables (
  service    text PRIMARY KEY CONSTRAINT rate_tables_service_check CHECK (service IN ('economy', 'express')),
  title      text NOT NULL,
  currency   char(3) NOT NULL DEFAULT 'GBP' CONSTRAINT rate_tables_currency_check CHECK (currency = 'GBP'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rates (
  service                text NOT NULL REFERENCES rate_tables (service),
  destination_country_id integer NOT NULL REFERENCES countries (country_id),
  weight_kg              integer NOT NULL CONSTRAINT rates_weight_check CHECK (weight_kg > 0),
  price_pence            integer NOT NULL CONSTRAINT rates_price_check CHECK (price_pence > 0),
  PRIMARY KEY (service, destination_country_id, weight_kg)
);
