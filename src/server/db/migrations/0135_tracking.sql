-- Tracking after the booking (docs/tracking.md). A shipment is written in the transaction that
-- marks its order booked; the tracking job polls the courier for it on a schedule that fits its
-- stage (`next_poll_at`, NULL once polling stopped), stores each courier event once (the
-- primary key of tracking_events) and keeps each box's status. `status` is the order's tracking
-- status, derived from its boxes'; `flag` says why an operator should look at it.
CREATE TABLE shipments (
  order_id            uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  courier_reference   text NOT NULL,
  status              text NOT NULL,
  flag                text,
  collection_date     date NOT NULL,
  expected_delivery   date NOT NULL,
  box_count           integer NOT NULL,
  next_poll_at        timestamptz,
  last_polled_at      timestamptz,
  last_event_at       timestamptz,
  polls               integer NOT NULL DEFAULT 0,
  last_error          text,
  stopped_at          timestamptz,
  missed_at           timestamptz,
  rebooked_at         timestamptz,
  rebookings          integer NOT NULL DEFAULT 0,
  rebooking_date      date,
  reminder_sent_for   date,
  reminder_emails     boolean NOT NULL DEFAULT true,
  update_emails       boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX shipments_next_poll_idx ON shipments (next_poll_at) WHERE next_poll_at IS NOT NULL;
CREATE INDEX shipments_status_idx ON shipments (status, collection_date DESC);
CREATE INDEX shipments_flag_idx ON shipments (flag) WHERE flag IS NOT NULL;

CREATE TABLE shipment_parcels (
  order_id          uuid NOT NULL REFERENCES shipments (order_id) ON DELETE CASCADE,
  parcel_reference  text NOT NULL,
  position          integer NOT NULL,
  status            text NOT NULL,
  reason            text,
  PRIMARY KEY (order_id, parcel_reference)
);

CREATE TABLE tracking_events (
  order_id          uuid NOT NULL REFERENCES shipments (order_id) ON DELETE CASCADE,
  parcel_reference  text NOT NULL,
  courier_code      text NOT NULL,
  at                timestamptz NOT NULL,
  status            text NOT NULL,
  recognised        boolean NOT NULL,
  description       text NOT NULL,
  location          text,
  reason            text,
  recorded_at       timestamptz NOT NULL,
  PRIMARY KEY (order_id, parcel_reference, courier_code, at)
);
