-- Changes to a booked order after payment (docs/booking-changes.md): a cancellation, a new
-- collection date, new collection contact details. One row per change asked, by whom (the
-- customer or an operator), what the courier answered and how it ended. `request_key` makes a
-- repeated request (double click, retry) the same change.
CREATE TABLE booking_changes (
  id              uuid PRIMARY KEY,
  order_id        uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind            text NOT NULL CONSTRAINT booking_changes_kind_check
                    CHECK (kind IN ('cancel', 'collection_date', 'contact')),
  status          text NOT NULL CONSTRAINT booking_changes_status_check
                    CHECK (status IN ('pending', 'done', 'refused', 'failed')),
  by_kind         text NOT NULL CONSTRAINT booking_changes_by_check
                    CHECK (by_kind IN ('customer', 'operator')),
  by_email        text,
  by_id           text,
  details         jsonb NOT NULL,
  courier_answer  text,
  request_key     text NOT NULL CONSTRAINT booking_changes_request_key_key UNIQUE,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX booking_changes_order_idx ON booking_changes (order_id, created_at);
