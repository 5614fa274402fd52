-- Claims for a lost or damaged box (docs/claims.md): one row per claim, with the items the
-- customer chose and the amounts the server worked out for them, the operator's decision, how it
-- was paid and when it entered each state; and the claim's timeline (state changes, the
-- customer's messages, the operators' requests). Evidence files are kept apart, in a table of
-- their own added with their uploads.
CREATE TABLE claims (
  id                       uuid PRIMARY KEY,
  order_id                 uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  box_number               integer NOT NULL CONSTRAINT claims_box_number_check CHECK (box_number >= 1),
  parcel_reference         text NOT NULL,
  kind                     text NOT NULL CONSTRAINT claims_kind_check CHECK (kind IN ('lost', 'damaged')),
  state                    text NOT NULL CONSTRAINT claims_state_check
                             CHECK (state IN ('submitted', 'with_courier', 'more_info_needed',
                                              'approved', 'declined', 'paid')),
  description              text NOT NULL,
  items                    jsonb NOT NULL,
  lines                    jsonb NOT NULL,
  items_pence              integer NOT NULL,
  cover_left_pence         integer NOT NULL,
  payable_pence            integer NOT NULL,
  request_key              text NOT NULL CONSTRAINT claims_request_key_key UNIQUE,
  courier_claim_reference  text,
  decision_extent          text CONSTRAINT claims_decision_extent_check
                             CHECK (decision_extent IN ('full', 'part')),
  decision_amount_pence    integer,
  decision_reason          text,
  decision_rule            text,
  decided_by_email         text,
  payment_method           text CONSTRAINT claims_payment_method_check
                             CHECK (payment_method IN ('refund', 'bank')),
  refund_id                uuid,
  bank_reference           text,
  state_entered_at         timestamptz NOT NULL,
  submitted_at             timestamptz NOT NULL,
  with_courier_at          timestamptz,
  more_info_needed_at      timestamptz,
  approved_at              timestamptz,
  declined_at              timestamptz,
  paid_at                  timestamptz,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX claims_order_idx ON claims (order_id, created_at);
CREATE INDEX claims_open_idx ON claims (state_entered_at) WHERE state NOT IN ('declined', 'paid');
CREATE UNIQUE INDEX claims_refund_idx ON claims (refund_id) WHERE refund_id IS NOT NULL;
-- One claim at a time per box: another may be made only once the last is declined.
CREATE UNIQUE INDEX claims_one_per_box_idx ON claims (order_id, box_number) WHERE state <> 'declined';

-- `seq` keeps the order lines were written in (several are written in one instant).
CREATE TABLE claim_events (
  id        uuid PRIMARY KEY,
  seq       bigint GENERATED ALWAYS AS IDENTITY,
  claim_id  uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  at        timestamptz NOT NULL,
  kind      text NOT NULL CONSTRAINT claim_events_kind_check
              CHECK (kind IN ('state', 'customer_message', 'operator_request')),
  state     text,
  by_kind   text NOT NULL CONSTRAINT claim_events_by_check
              CHECK (by_kind IN ('customer', 'operator', 'site')),
  by_email  text,
  text      text NOT NULL
);
CREATE INDEX claim_events_claim_idx ON claim_events (claim_id, seq);
